import Foundation

/// The scheduler's account of this process's threads other than the calling one, from
/// `/proc/self/task/*/schedstat`: during the streaming run that is the reader (the others
/// sleep). The time it waited for a CPU tells a reader starved of CPU from one waiting for the
/// disk (its running time is `StreamingStatistics.readerCPUSeconds`).
enum ThreadSchedule {
  /// Seconds each other thread (by thread id) has waited runnable for a CPU; empty without
  /// /proc.
  static func otherThreadsWaiting() -> [String: Double] {
    let calling = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"))
      .map { URL(fileURLWithPath: $0).lastPathComponent }
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    var waiting: [String: Double] = [:]
    for task in tasks where task != calling {
      guard
        let text = try? String(contentsOfFile: "/proc/self/task/\(task)/schedstat", encoding: .utf8)
      else { continue }
      // nanoseconds on a CPU, nanoseconds waiting on a run queue, time slices
      let fields = text.split(separator: " ").compactMap {
        Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      guard fields.count >= 2 else { continue }
      waiting[task] = fields[1] * 1e-9
    }
    return waiting
  }

  /// Seconds the threads of `now` waited since `before`; a thread that started meanwhile counts
  /// from its start, one that ended is left out.
  static func waited(from before: [String: Double], to now: [String: Double]) -> Double {
    now.reduce(0) { $0 + $1.value - (before[$1.key] ?? 0) }
  }
}
