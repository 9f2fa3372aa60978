/// A place in an SFZ source file: the file path as it was given or resolved, and a 1-based line.
public struct SFZLocation: Sendable, Hashable, CustomStringConvertible {
  /// Path of the file (the main file or an included one).
  public var file: String
  /// 1-based line number inside `file`.
  public var line: Int

  /// Creates a location.
  public init(file: String, line: Int) {
    self.file = file
    self.line = line
  }

  /// `file:line`, the compiler style most editors can jump to.
  public var description: String { "\(file):\(line)" }
}

/// One problem found while reading an instrument. Problems are values, not exceptions, so a
/// loader can report every one of them and still deliver a usable instrument.
///
/// ```swift
/// for diagnostic in instrument.diagnostics { print(diagnostic) }
/// // Piano.sfz:12: warning: unknown opcode 'xyz'
/// ```
public struct SFZDiagnostic: Sendable, Hashable, CustomStringConvertible {
  /// How serious a diagnostic is.
  public enum Severity: String, Sendable, Hashable {
    /// The instrument loads, but something in it was ignored, guessed or clamped.
    case warning
    /// Something could not be used at all (for example a malformed directive).
    case error
  }

  /// How serious the problem is.
  public var severity: Severity
  /// File the problem was found in.
  public var file: String
  /// 1-based line of the problem (0 when it concerns the file as a whole).
  public var line: Int
  /// Human-readable explanation, without the location prefix.
  public var message: String

  /// Creates a diagnostic.
  public init(severity: Severity, file: String, line: Int, message: String) {
    self.severity = severity
    self.file = file
    self.line = line
    self.message = message
  }

  /// Creates a diagnostic at a location.
  public init(_ severity: Severity, at location: SFZLocation, _ message: String) {
    self.init(severity: severity, file: location.file, line: location.line, message: message)
  }

  /// Compiler style: `path/to/file.sfz:12: warning: unknown opcode 'xyz'`.
  public var description: String {
    "\(file):\(line): \(severity.rawValue): \(message)"
  }
}
