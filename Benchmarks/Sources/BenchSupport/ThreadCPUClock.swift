import Foundation

/// CPU time of the calling thread, so that other processes on the machine do not count.
public enum ThreadCPUClock {
  /// Seconds of CPU time the calling thread has used.
  public static func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
  }

  /// Wall-clock seconds from a monotonic clock.
  public static func wall() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
  }
}
