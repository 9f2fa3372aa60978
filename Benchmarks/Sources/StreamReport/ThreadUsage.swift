import Foundation

/// The calling thread's page faults and involuntary context switches so far
/// (`getrusage(RUSAGE_THREAD)`; zeros where there is no such call). A render thread that faults
/// waits for the kernel to map memory; one switched out against its will waits for a CPU.
struct ThreadUsage {
  /// Minor and major page faults.
  var pageFaults = 0
  /// Times another thread or the kernel took the CPU from it (a stall the hypervisor causes
  /// does not count).
  var involuntarySwitches = 0

  static func now() -> ThreadUsage {
    #if os(Linux)
      var usage = rusage()
      getrusage(__rusage_who_t(1), &usage)  // RUSAGE_THREAD, which Glibc's module leaves out
      return ThreadUsage(
        pageFaults: usage.ru_minflt + usage.ru_majflt, involuntarySwitches: usage.ru_nivcsw)
    #else
      return ThreadUsage()
    #endif
  }
}
