import Foundation

/// How presets and states become JSON and back: keys sorted and indented, so the same state
/// always gives the same bytes and a person can read it; every Float written in its shortest
/// form that reads back to the same bits.
enum StateJSON {
  static func encode(_ value: some Encodable) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    do {
      return try encoder.encode(value)
    } catch {
      // Only values that are not finite numbers fail, and states and presets hold none.
      preconditionFailure("SFZSampler: a state could not be encoded: \(error)")
    }
  }

  static func decode<T: Decodable>(_ type: T.Type, from data: Data, source: String)
    throws(StateError) -> T
  {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch let error as StateError {
      throw error
    } catch let error as DecodingError {
      throw .corrupt(source: source, reason: summary(of: error))
    } catch {
      throw .corrupt(source: source, reason: "\(error)")
    }
  }

  static func read(_ url: URL) throws(StateError) -> Data {
    do {
      return try Data(contentsOf: url)
    } catch {
      throw .unreadable(path: url.path, reason: reason(error))
    }
  }

  /// The system's reason for a failed file operation, without Foundation's wrapping.
  static func reason(_ error: any Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    return (underlying ?? error as NSError).localizedDescription
  }

  /// Where in the JSON and what was wrong, in one line.
  static func summary(of error: DecodingError) -> String {
    func place(_ path: [any CodingKey]) -> String {
      let text = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      return text.isEmpty ? "" : " at \(text.dropFirst(text.hasPrefix(".") ? 1 : 0))"
    }
    switch error {
    case .dataCorrupted(let context):
      // the decoder says no more than that of a syntax error, which has no place in the data
      if context.codingPath.isEmpty { return "not valid JSON (malformed or cut short)" }
      return context.debugDescription + place(context.codingPath)
    case .keyNotFound(let key, let context):
      return "missing \"\(key.stringValue)\"\(place(context.codingPath))"
    case .typeMismatch(let type, let context):
      return "expected \(describe(type))\(place(context.codingPath))"
    case .valueNotFound(let type, let context):
      return "expected \(describe(type))\(place(context.codingPath)), found null"
    @unknown default:
      return "\(error)"
    }
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Float.Type, is Double.Type, is Int.Type: return "a number"
    case is String.Type: return "a string"
    case is Bool.Type: return "true or false"
    default: return "an object or list of another shape"
    }
  }
}

extension KeyedDecodingContainer {
  /// A state's format version: any version from 1 up reads (a newer one too), one below 1,
  /// which no version writes, is corrupt.
  func formatVersion(forKey key: Key) throws -> Int {
    let version = try decode(Int.self, forKey: key)
    guard version >= 1 else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription: "format version \(version) is not one any version writes")
    }
    return version
  }
}
