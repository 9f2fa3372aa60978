import Foundation

extension EnsembleSetup {
  /// Reads a setup file: the documented JSON, paths relative to its folder, and every file it
  /// names present. Throws ``BankError`` naming the file and, where it can be found, the line: a
  /// JSON syntax error, an unknown key, a value out of range, a file that does not exist.
  public static func read(from url: URL) throws(BankError) -> EnsembleSetup {
    let path = url.path
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw FileManager.default.fileExists(atPath: path)
        ? .unreadable(path: path, reason: error.localizedDescription) : .notFound(path: path)
    }
    let text = String(decoding: data, as: UTF8.self)
    let decoder = JSONDecoder()
    decoder.userInfo[baseFolderKey] = url.deletingLastPathComponent()
    let setup: EnsembleSetup
    do {
      setup = try decoder.decode(EnsembleSetup.self, from: data)
    } catch let error as DecodingError {
      throw invalid(error, path: path, text: text)
    } catch {
      throw .invalidSetup(path: path, line: nil, reason: "\(error)")
    }
    for (key, file) in setup.namedFiles
    where !FileManager.default.fileExists(atPath: file.path) {
      let line = JSONKeyLine.find(key.split(separator: ".").map(String.init), in: text)
      throw .missingFile(path: path, line: line, missing: file.path)
    }
    return setup
  }

  /// Writes the setup as the documented JSON (keys sorted, indented), paths relative to the
  /// file's folder when inside it. Throws ``BankError/unwritable(path:reason:)``.
  public func write(to url: URL) throws(BankError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.userInfo[Self.baseFolderKey] = url.deletingLastPathComponent()
    var data: Data
    do {
      data = try encoder.encode(self)
    } catch {
      throw .unwritable(path: url.path, reason: "\(error)")
    }
    data.append(UInt8(ascii: "\n"))
    // not Data's .atomic: on Linux it leaves a folder behind in the temporary directory
    do {
      try AtomicFile.write(data, to: url)
    } catch {
      guard case .unwritable(_, let reason) = error else {
        throw .unwritable(path: url.path, reason: "\(error)")
      }
      throw .unwritable(path: url.path, reason: reason)
    }
  }

  /// A decoding error as a message at the line of its key (a syntax error: the line the parser
  /// gives).
  private static func invalid(_ error: DecodingError, path: String, text: String) -> BankError {
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      let (line, detail) = JSONKeyLine.syntaxError(in: text)
      return .invalidSetup(
        path: path, line: line, reason: "not valid JSON" + (detail.map { ": \($0)" } ?? ""))
    case .dataCorrupted(let context):
      return located(context, path: path, text: text, reason: context.debugDescription)
    case .typeMismatch(let type, let context):
      return located(context, path: path, text: text, reason: "expected \(name(of: type))")
    case .valueNotFound(let type, let context):
      return located(context, path: path, text: text, reason: "expected \(name(of: type))")
    case .keyNotFound(let key, let context):
      return located(context, path: path, text: text, reason: "missing key '\(key.stringValue)'")
    @unknown default:
      return .invalidSetup(path: path, line: nil, reason: "\(error)")
    }
  }

  private static func located(
    _ context: DecodingError.Context, path: String, text: String, reason: String
  ) -> BankError {
    let keys = context.codingPath.map(\.stringValue)
    return .invalidSetup(
      path: path, line: JSONKeyLine.find(keys, in: text),
      reason: "\(keys.joined(separator: ".")): \(reason)")
  }

  private static func name(of type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Double.Type: return "a number"
    default: return "an object"
    }
  }
}
