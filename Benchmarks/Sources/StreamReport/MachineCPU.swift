import Foundation

/// The whole machine's CPU time from `/proc/stat` (all CPUs, in seconds): how busy the other
/// processes kept it, and the time the hypervisor gave this virtual machine's CPUs to others
/// ("steal"), which stalls every thread, real-time ones included.
struct MachineCPU {
  /// Seconds of all CPUs: every state, idle ones included.
  var total: Double
  /// Seconds in which the CPUs were idle or waiting for I/O.
  var idle: Double
  /// Seconds stolen by the hypervisor.
  var stolen: Double

  /// The times now, or nil where `/proc/stat` is missing.
  static func now() -> MachineCPU? {
    guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
      let line = stat.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") })
    else { return nil }
    // user nice system idle iowait irq softirq steal guest guest_nice, in clock ticks
    let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
    guard ticks.count >= 8 else { return nil }
    let perSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    return MachineCPU(
      total: ticks.prefix(8).reduce(0, +) / perSecond, idle: (ticks[3] + ticks[4]) / perSecond,
      stolen: ticks[7] / perSecond)
  }

  /// The CPUs the machine has.
  static var cpuCount: Int { ProcessInfo.processInfo.activeProcessorCount }

  /// Busy CPU-seconds (stolen ones excluded) from `earlier` to this snapshot.
  func busySeconds(since earlier: MachineCPU) -> Double {
    (total - idle - stolen) - (earlier.total - earlier.idle - earlier.stolen)
  }
}
