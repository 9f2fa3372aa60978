import Foundation

/// A named set of parameter values: a factory preset (number 0 and up: the library's own, and
/// from 100 those an instrument brings in its sidecar file) or a user preset (a negative number,
/// kept in a ``UserPresetFolder``).
///
/// Choosing a preset (``Sampler/currentPreset``) sets every parameter except the document
/// settings (``SamplerParameter/isDocumentSetting``): those the preset names to its values,
/// the others to their defaults. So a preset sounds the same whatever was chosen before it.
///
/// As JSON, a preset is `{"number": -1, "name": "My Lead", "values": {"voice.monophonic": 1}}`.
/// Values are written as numbers; they may be read as `true`/`false` and, for a parameter with
/// value strings, as one of them (`"voice.quality": "sinc"`). Identifiers this library does not
/// know are skipped.
public struct SamplerPreset: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The preset's number: negative for a user preset.
  public var number: Int
  /// Its name.
  public var name: String
  /// The values it sets, by parameter identifier (`ampEnvelope.attack`); every parameter it
  /// does not name goes to its default.
  public var values: [String: Float]

  /// Creates a preset.
  public init(number: Int, name: String, values: [String: Float] = [:]) {
    self.number = number
    self.name = name
    self.values = values
  }

  /// Whether it is a user preset (a negative number).
  public var isUserPreset: Bool { number < 0 }

  /// `3 Pluck`.
  public var description: String { "\(number) \(name)" }

  private enum CodingKeys: String, CodingKey {
    case number, name, values
  }

  /// Reads a preset; `values` may be missing (every parameter at its default).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    number = try container.decode(Int.self, forKey: .number)
    name = try container.decode(String.self, forKey: .name)
    values = try container.decodeIfPresent(ParameterValues.self, forKey: .values)?.values ?? [:]
  }

  /// Writes the preset, its values as numbers.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(number, forKey: .number)
    try container.encode(name, forKey: .name)
    try container.encode(ParameterValues(values), forKey: .values)
  }

  /// The first value that is not a finite number, as the error that reports it.
  func checkValues(source: String) throws(StateError) {
    for (identifier, value) in values.sorted(by: { $0.key < $1.key }) where !value.isFinite {
      throw .invalidValue(source: source, identifier: identifier, value: value)
    }
  }
}
