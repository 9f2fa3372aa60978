/// A problem that prevents an instrument from being read at all. Every case names the file.
public enum SFZError: Error, Sendable, CustomStringConvertible {
  /// The main SFZ file does not exist.
  case fileNotFound(path: String)
  /// The main SFZ file exists but could not be read.
  case unreadable(path: String, reason: String)
  /// The main SFZ file holds binary data (a NUL byte at the given offset), not SFZ text.
  case notText(path: String, byteOffset: Int)
  /// Strict mode: the instrument produced warnings, all listed here.
  case strictModeFailed(path: String, diagnostics: [SFZDiagnostic])

  /// One line naming the file and what went wrong (strict mode lists every diagnostic below it).
  public var description: String {
    switch self {
    case .fileNotFound(let path):
      return "\(path): error: SFZ file not found"
    case .unreadable(let path, let reason):
      return "\(path): error: cannot read SFZ file: \(reason)"
    case .notText(let path, let offset):
      return "\(path): error: not an SFZ text file (NUL byte at offset \(offset))"
    case .strictModeFailed(let path, let diagnostics):
      let lines = diagnostics.map(\.description).joined(separator: "\n")
      return "\(path): error: \(diagnostics.count) problem(s) in strict mode\n\(lines)"
    }
  }
}
