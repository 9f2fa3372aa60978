import Foundation

/// Why a sampler call could not be carried out. Every message names the file (or the raw data)
/// it is about.
public enum SamplerError: Error, CustomStringConvertible, Equatable {
  /// A sample could not be read or decoded.
  case sampleUnreadable(path: String, reason: String)
  /// The descriptor asks for something the sample cannot give, such as a loop past its end.
  case invalidDescriptor(path: String, reason: String)
  /// An SFZ instrument could not be loaded.
  case instrumentUnreadable(path: String, reason: String)
  /// The engine could not allocate memory for the instrument.
  case outOfMemory(path: String)
  /// Even streamed, the instrument's samples need more memory than
  /// ``StreamingSettings/memoryBudget`` allows.
  case memoryBudgetExceeded(path: String, neededBytes: Int, budgetBytes: Int, preloadFrames: Int)

  /// The file or data the error is about.
  public var path: String {
    switch self {
    case .sampleUnreadable(let path, _), .invalidDescriptor(let path, _),
      .instrumentUnreadable(let path, _), .outOfMemory(let path),
      .memoryBudgetExceeded(let path, _, _, _):
      return path
    }
  }

  /// One line naming the file and what is wrong.
  public var description: String {
    switch self {
    case .sampleUnreadable(let path, let reason):
      return reason.hasPrefix(path) ? reason : "\(path): \(reason)"
    case .invalidDescriptor(let path, let reason): return "\(path): \(reason)"
    case .instrumentUnreadable(let path, let reason):
      return reason.hasPrefix(path) ? reason : "\(path): \(reason)"
    case .outOfMemory(let path): return "\(path): not enough memory for the instrument"
    case .memoryBudgetExceeded(let path, let needed, let budget, let preload):
      let mb = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1_048_576) }
      return "\(path): the samples need \(mb(needed)) in memory even streamed (a preload of "
        + "\(preload) frames each), more than the memory budget of \(mb(budget)); lower the "
        + "preload or raise the budget"
    }
  }
}
