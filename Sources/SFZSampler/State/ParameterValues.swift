import Foundation

/// Parameter values by identifier, as presets and states hold them: written as numbers; read as
/// numbers, as `true`/`false`, or, for a parameter with ``SamplerParameter/valueStrings``, as
/// one of its strings (`"voice.quality": "sinc"`), so that hand-written files read naturally.
/// Identifiers this library does not know are skipped, so files from newer versions read.
struct ParameterValues: Codable, Sendable {
  var values: [String: Float]
  /// Identifiers read that no parameter has.
  var unknown: [String] = []

  init(_ values: [String: Float]) {
    self.values = values
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    values = [:]
    for key in container.allKeys {
      guard let parameter = SamplerParameter.standardByIdentifier[key.stringValue] else {
        unknown.append(key.stringValue)
        continue
      }
      if let number = try? container.decode(Float.self, forKey: key) {
        values[key.stringValue] = number
      } else if let flag = try? container.decode(Bool.self, forKey: key) {
        values[key.stringValue] = flag ? 1 : 0
      } else if let text = try? container.decode(String.self, forKey: key),
        let index = parameter.valueStrings.firstIndex(of: text)
      {
        values[key.stringValue] = Float(index)
      } else {
        let choices =
          parameter.valueStrings.isEmpty
          ? "a number" : "a number or one of " + parameter.valueStrings.joined(separator: ", ")
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container, debugDescription: "\(key.stringValue) must be \(choices)")
      }
    }
    unknown.sort()
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    for (identifier, value) in values {
      try container.encode(value, forKey: Key(stringValue: identifier))
    }
  }
}
