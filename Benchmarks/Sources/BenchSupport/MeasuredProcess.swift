import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A command run to its end in a process of its own, with what it cost that process alone: wall
/// time, CPU time (user and system, every thread) and peak resident memory. Taken from `wait4`,
/// so a run does not see the peak of another child, as `RUSAGE_CHILDREN` would.
public struct MeasuredProcess: Sendable {
  /// Seconds from start to exit.
  public let wallSeconds: Double
  /// CPU seconds of all its threads.
  public let cpuSeconds: Double
  /// Its largest resident set, in bytes.
  public let peakResidentBytes: Int
  /// Its standard output.
  public let output: String

  /// Runs `executable` with `arguments`, its standard output kept (through a file, so a large
  /// output never stalls it) and its errors discarded; nil when it cannot start or exits with a
  /// failure.
  public static func run(_ executable: String, _ arguments: [String]) -> MeasuredProcess? {
    #if os(Linux)
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      let outputPath = FileManager.default.temporaryDirectory
        .appendingPathComponent("measured-\(UUID().uuidString).txt").path
      defer { try? FileManager.default.removeItem(atPath: outputPath) }
      posix_spawn_file_actions_addopen(
        &actions, STDOUT_FILENO, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
      let argv = ([executable] + arguments).map { strdup($0) } + [nil]
      defer { argv.forEach { free($0) } }
      var pid: pid_t = 0
      let start = Date()
      guard posix_spawnp(&pid, executable, &actions, nil, argv, environ) == 0 else { return nil }
      var status: Int32 = 0
      var usage = rusage()
      guard wait4(pid, &status, 0, &usage) == pid else { return nil }
      let wall = Date().timeIntervalSince(start)
      // exited normally (low 7 bits 0) with status 0
      guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else { return nil }
      func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
      return MeasuredProcess(
        wallSeconds: wall, cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
        peakResidentBytes: usage.ru_maxrss * 1024,
        output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    #else
      return nil
    #endif
  }
}
