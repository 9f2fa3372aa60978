import Foundation

/// Why a bank, bank file or setup file could not be used. Every message names the file, and the
/// line where there is one, compiler style (`Songs/setup.json:4: error: ...`).
public enum BankError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Nothing exists at the path.
  case notFound(path: String)
  /// The path exists but could not be read.
  case unreadable(path: String, reason: String)
  /// The path is not one of the bank kinds (``InstrumentBank``), or a folder holds no bank.
  case notABank(path: String, reason: String)
  /// An ARIA bank file that the XML parser refuses.
  case malformedXML(path: String, line: Int?, reason: String)
  /// An ARIA bank file that is XML but not a usable bank (a program without an SFZ, say).
  case invalidBankFile(path: String, line: Int?, reason: String)
  /// A file named by a bank or setup file (`path`, at `line`) does not exist.
  case missingFile(path: String, line: Int?, missing: String)
  /// Two files of a converter folder claim the same bank and program.
  case duplicateProgram(path: String, bank: Int, program: Int, first: String, second: String)
  /// A setup file that is not the documented JSON (``EnsembleSetup``): bad JSON, an unknown key,
  /// a value out of range.
  case invalidSetup(path: String, line: Int?, reason: String)
  /// A setup file could not be written.
  case unwritable(path: String, reason: String)

  /// The file the error is about.
  public var path: String {
    switch self {
    case .notFound(let path), .unreadable(let path, _), .notABank(let path, _),
      .malformedXML(let path, _, _), .invalidBankFile(let path, _, _),
      .missingFile(let path, _, _), .duplicateProgram(let path, _, _, _, _),
      .invalidSetup(let path, _, _), .unwritable(let path, _):
      return path
    }
  }

  /// The line in ``path`` the error is about, when there is one.
  public var line: Int? {
    switch self {
    case .malformedXML(_, let line, _), .invalidBankFile(_, let line, _),
      .missingFile(_, let line, _), .invalidSetup(_, let line, _):
      return line
    default: return nil
    }
  }

  /// `path[:line]: error: what is wrong`.
  public var description: String {
    let place = line.map { "\(path):\($0)" } ?? path
    return "\(place): error: \(message)"
  }

  private var message: String {
    switch self {
    case .notFound: return "no such file or folder"
    case .unreadable(_, let reason): return "cannot read: \(reason)"
    case .notABank(_, let reason): return "not an instrument bank: \(reason)"
    case .malformedXML(_, _, let reason): return "malformed XML in ARIA bank file: \(reason)"
    case .invalidBankFile(_, _, let reason): return reason
    case .missingFile(_, _, let missing): return "'\(missing)' does not exist"
    case .duplicateProgram(_, let bank, let program, let first, let second):
      return "bank \(bank) program \(program) is both '\(first)' and '\(second)'"
    case .invalidSetup(_, _, let reason): return reason
    case .unwritable(_, let reason): return "cannot write setup file: \(reason)"
    }
  }
}
