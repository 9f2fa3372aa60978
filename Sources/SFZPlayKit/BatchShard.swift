import Foundation

/// Which part of a manifest this process renders: the K-th of N parts, from `--shard K/N` or
/// from a cluster scheduler's array index (Slurm job arrays, Kubernetes Indexed Jobs), so a
/// scheduler runs the batch and sfzplay keeps no scheduler of its own.
public struct BatchShard: Equatable, Sendable, CustomStringConvertible {
  /// The part, counting from 0.
  public var index: Int
  /// How many parts.
  public var count: Int

  /// The whole manifest.
  public static let whole = BatchShard(index: 0, count: 1)

  /// `2/4`: the part as `--shard` takes it, counting from 1.
  public var description: String { "\(index + 1)/\(count)" }

  /// `--shard K/N` with K counting from 1 (1/4 ... 4/4), as people number parts.
  public init?(argument: String) {
    let fields = argument.split(separator: "/").map { Int($0) }
    guard fields.count == 2, let part = fields[0], let count = fields[1], count >= 1,
      (1...count).contains(part)
    else { return nil }
    self.init(index: part - 1, count: count)
  }

  /// A part counting from 0.
  public init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// The part a scheduler gives through the environment; nil when none does, or when its
  /// variables are inconsistent (the reason is thrown).
  ///
  /// Slurm job arrays set `SLURM_ARRAY_TASK_ID` and the range `SLURM_ARRAY_TASK_MIN`,
  /// `SLURM_ARRAY_TASK_MAX` and `SLURM_ARRAY_TASK_COUNT`: an array `--array=1-4` is parts 0...3.
  /// A stepped or sparse array (`--array=0-6:2`) has a count that is not max - min + 1 and is
  /// refused, since its IDs do not number the parts. Kubernetes Indexed Jobs set
  /// `JOB_COMPLETION_INDEX` (0...completions-1); the job's completions do not reach the pod's
  /// environment by themselves, so the Job sets `JOB_COMPLETIONS` to the same number.
  public static func fromEnvironment(_ environment: [String: String]) throws(SFZPlayError)
    -> BatchShard?
  {
    func number(_ name: String) throws(SFZPlayError) -> Int? {
      guard let text = environment[name] else { return nil }
      guard let value = Int(text) else { throw .badShard("\(name)=\(text) is not a number") }
      return value
    }
    if let task = try number("SLURM_ARRAY_TASK_ID") {
      let low = try number("SLURM_ARRAY_TASK_MIN") ?? 0
      let high = try number("SLURM_ARRAY_TASK_MAX")
      guard let count = try number("SLURM_ARRAY_TASK_COUNT") ?? high.map({ $0 - low + 1 }) else {
        throw .badShard("SLURM_ARRAY_TASK_ID is set without SLURM_ARRAY_TASK_COUNT or _MAX")
      }
      if let high, high - low + 1 != count {
        throw .badShard(
          "the Slurm array \(low)-\(high) has \(count) tasks: use a contiguous array"
            + " (--array=\(low)-\(low + count - 1)) or --shard")
      }
      guard count >= 1, (low..<low + count).contains(task) else {
        throw .badShard(
          "SLURM_ARRAY_TASK_ID=\(task) is outside the array \(low)-\(low + count - 1)")
      }
      return BatchShard(index: task - low, count: count)
    }
    if let index = try number("JOB_COMPLETION_INDEX") {
      guard let count = try number("JOB_COMPLETIONS") else {
        throw .badShard(
          "JOB_COMPLETION_INDEX is set but JOB_COMPLETIONS is not: set it to the Job's completions")
      }
      guard count >= 1, (0..<count).contains(index) else {
        throw .badShard("JOB_COMPLETION_INDEX=\(index) is outside 0...\(count - 1)")
      }
      return BatchShard(index: index, count: count)
    }
    return nil
  }

  /// The positions (into `lengths`) that fall in this part. Parts are balanced by length, not
  /// count: the longest render goes first to the part with the least so far (ties to the lower
  /// part, equal lengths in manifest order), so the result depends only on the lengths and the
  /// count and every position lands in exactly one part.
  public func positions(lengths: [Double]) -> [Int] {
    let order = lengths.indices.sorted {
      lengths[$0] > lengths[$1] || lengths[$0] == lengths[$1] && $0 < $1
    }
    var totals = [Double](repeating: 0, count: count)
    var mine: [Int] = []
    for position in order {
      let part = totals.indices.min {
        totals[$0] < totals[$1] || totals[$0] == totals[$1] && $0 < $1
      }!
      totals[part] += lengths[position]
      if part == index { mine.append(position) }
    }
    return mine.sorted()
  }
}
