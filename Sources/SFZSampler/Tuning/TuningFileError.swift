/// Why a Scala scale (`.scl`) or keyboard mapping (`.kbm`) file was refused. The message names
/// the file and the line.
public enum TuningFileError: Error, CustomStringConvertible, Equatable {
  /// The file could not be read at all.
  case unreadable(file: String, reason: String)
  /// A line holds something the format does not allow, or the file ends before a line it needs.
  case invalidLine(file: String, line: Int, reason: String)

  /// The file the error is about, as it was named.
  public var file: String {
    switch self {
    case .unreadable(let file, _), .invalidLine(let file, _, _): return file
    }
  }

  /// `file:line: reason`, or `file: reason` when the file could not be read.
  public var description: String {
    switch self {
    case .unreadable(let file, let reason): return "\(file): \(reason)"
    case .invalidLine(let file, let line, let reason): return "\(file):\(line): \(reason)"
    }
  }
}
