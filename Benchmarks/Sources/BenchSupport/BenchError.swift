/// Why a benchmark could not set itself up. Each message names the file or tool involved.
public enum BenchError: Error, CustomStringConvertible {
  /// The C core refused an engine, instrument, sample or region.
  case engine(String)
  /// Fewer voices sounded than the benchmark asked for.
  case voiceCount(wanted: Int, got: Int)
  /// A command-line tool (`flac`, `wavpack`, `sox`) failed or is missing.
  case tool(command: String, status: Int32)
  /// A file could not be written or read.
  case file(path: String, reason: String)

  /// One line naming what failed.
  public var description: String {
    switch self {
    case .engine(let what): return "CSamplerCore: \(what)"
    case .voiceCount(let wanted, let got):
      return "VoiceRig.swift: asked for \(wanted) voices, \(got) sound"
    case .tool(let command, let status): return "\(command): exit status \(status)"
    case .file(let path, let reason): return "\(path): \(reason)"
    }
  }
}
