import Foundation

/// This process's resident memory, from `/proc/self/status` on Linux (`getrusage` elsewhere,
/// which knows only the peak).
public enum ProcessMemory {
  /// Bytes resident now (VmRSS); the peak on systems without `/proc`.
  public static func residentBytes() -> Int {
    #if os(Linux)
      return statusField("VmRSS:")
    #else
      return peakResidentBytes()
    #endif
  }

  /// The most bytes resident at once so far. On Linux, VmHWM: unlike ru_maxrss, it starts
  /// afresh at exec instead of carrying over the parent's peak.
  public static func peakResidentBytes() -> Int {
    #if os(Linux)
      return statusField("VmHWM:")
    #else
      var usage = rusage()
      getrusage(RUSAGE_SELF, &usage)
      return Int(usage.ru_maxrss)  // bytes on macOS
    #endif
  }

  /// A kilobyte figure of /proc/self/status, in bytes; 0 when absent.
  private static func statusField(_ name: String) -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") where line.hasPrefix(name) {
      let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
      return kilobytes * 1_024
    }
    return 0
  }
}
