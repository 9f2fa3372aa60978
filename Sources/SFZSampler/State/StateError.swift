/// Why a preset or a saved state could not be read, written or applied. Every message names the
/// file (or the data) it is about.
public enum StateError: Error, CustomStringConvertible, Equatable {
  /// The file could not be read.
  case unreadable(path: String, reason: String)
  /// The JSON is not a state or preset this library reads: malformed, cut short, a value of the
  /// wrong kind, a format version below 1. `source` is the file, or the caller's name for data.
  case corrupt(source: String, reason: String)
  /// A parameter's value is not a finite number.
  case invalidValue(source: String, identifier: String, value: Float)
  /// The file could not be written (nothing was left half-written).
  case unwritable(path: String, reason: String)
  /// User presets have negative numbers; numbers from 0 up are factory presets.
  case notAUserPreset(name: String, number: Int)
  /// The user preset folder holds no preset with this number.
  case noSuchPreset(folder: String, number: Int)

  /// One line naming the file and what is wrong.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason): return "\(path): cannot read (\(reason))"
    case .corrupt(let source, let reason): return "\(source): \(reason)"
    case .invalidValue(let source, let identifier, let value):
      return "\(source): \(identifier) is \(value), not a finite number"
    case .unwritable(let path, let reason): return "\(path): cannot write (\(reason))"
    case .notAUserPreset(let name, let number):
      return "preset \(number) \"\(name)\": user presets have negative numbers"
    case .noSuchPreset(let folder, let number):
      return "\(folder): no user preset \(number)"
    }
  }
}
