import Foundation

/// Time the hypervisor gave this machine's virtual CPUs to others ("steal" in `/proc/stat`):
/// on a shared virtual machine it stalls every thread, real-time ones included, and shows up as
/// late blocks that no code of ours caused.
enum StolenTime {
  /// Seconds stolen from all CPUs so far, or nil where `/proc/stat` has no such figure.
  static func seconds() -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
      let line = stat.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") })
    else { return nil }
    let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
    // user nice system idle iowait irq softirq steal ...
    guard fields.count >= 8 else { return nil }
    return fields[7] / Double(sysconf(Int32(_SC_CLK_TCK)))
  }
}
