import BenchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A command run to its end, with the CPU time it used (user and system, all its threads) and the
/// wall-clock time it took.
struct ChildRun {
  let cpuSeconds: Double
  let wallSeconds: Double
  /// Its standard output.
  let output: String

  /// Runs `executable` with `arguments`; nil when it cannot start or exits with a failure.
  static func run(_ executable: URL, _ arguments: [String]) -> ChildRun? {
    let cpuBefore = childrenCPU()
    let start = Date()
    guard let data = Tool.standardOutput(executable, arguments) else { return nil }
    return ChildRun(
      cpuSeconds: childrenCPU() - cpuBefore, wallSeconds: Date().timeIntervalSince(start),
      output: String(decoding: data, as: UTF8.self))
  }

  /// CPU seconds of every child this process has waited for.
  private static func childrenCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}
