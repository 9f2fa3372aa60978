import BenchSupport
import Foundation
import SFZSampler

/// The streaming run second by second: underruns, the reader's CPU, resident memory, and what
/// the rest of the machine did meanwhile, so that underruns can be laid beside their cause.
struct RunTimeline {
  /// One second of the run.
  struct Second {
    /// Underruns counted in this second.
    var underruns: Int
    /// The reader thread's CPU time, as a share of one core.
    var readerShare: Double
    /// CPU the other processes used, in cores (the machine's busy time less this process's).
    var otherCores: Double
    /// The hypervisor's steal, as a share of all CPUs.
    var stolenShare: Double
    /// Bytes resident at the end of the second.
    var residentBytes: Int
    /// Blocks of this second that finished after their deadline.
    var lateBlocks: Int
    /// The share of the second the reader (with the process's other idle threads) waited
    /// runnable for a CPU.
    var readerWaitShare: Double
  }

  private(set) var seconds: [Second] = []
  private var lastLateBlocks = 0
  private var lastReaderWait = ThreadSchedule.otherThreadsWaiting()
  private var last:
    (statistics: StreamingStatistics, machine: MachineCPU?, process: Double, wall: Double)

  init(sampler: Sampler) {
    last = (
      sampler.streamingStatistics, MachineCPU.now(), Self.processCPUSeconds(), ThreadCPUClock.wall()
    )
    seconds.reserveCapacity(3_600)
  }

  /// Ends a second: call about once a second, between renders, with the late blocks so far.
  mutating func mark(_ sampler: Sampler, lateBlocks: Int) {
    let now = (
      statistics: sampler.streamingStatistics, machine: MachineCPU.now(),
      process: Self.processCPUSeconds(), wall: ThreadCPUClock.wall()
    )
    let elapsed = max(now.wall - last.wall, 1e-6)
    var second = Second(
      underruns: now.statistics.underruns - last.statistics.underruns,
      readerShare: (now.statistics.readerCPUSeconds - last.statistics.readerCPUSeconds) / elapsed,
      otherCores: 0, stolenShare: 0, residentBytes: ProcessMemory.residentBytes(),
      lateBlocks: lateBlocks - lastLateBlocks, readerWaitShare: 0)
    lastLateBlocks = lateBlocks
    let readerWait = ThreadSchedule.otherThreadsWaiting()
    second.readerWaitShare = ThreadSchedule.waited(from: lastReaderWait, to: readerWait) / elapsed
    lastReaderWait = readerWait
    if let machine = now.machine, let before = last.machine {
      second.otherCores =
        max(machine.busySeconds(since: before) - (now.process - last.process), 0) / elapsed
      second.stolenShare = (machine.stolen - before.stolen) / (machine.total - before.total)
    }
    seconds.append(second)
    last = now
  }

  /// CPU seconds of every thread of this process.
  static func processCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
  }

  /// The figures of the whole run, and each second with underruns as `u<s>`, `r<s>`, `w<s>`
  /// and `o<s>` (underruns, the reader's share running and waiting for a CPU, other processes'
  /// cores, in second `s`, from 1).
  func record(into figures: inout Figures) {
    guard !seconds.isEmpty else { return }
    let count = Double(seconds.count)
    figures["other_cores_mean"] = seconds.reduce(0) { $0 + $1.otherCores } / count
    figures["stolen_share"] = seconds.reduce(0) { $0 + $1.stolenShare } / count
    figures["rss_mean"] = Double(seconds.reduce(0) { $0 + $1.residentBytes }) / count
    figures["rss_peak"] = Double(seconds.map(\.residentBytes).max() ?? 0)
    let quiet = seconds.filter { $0.underruns == 0 }
    if !quiet.isEmpty {
      figures["reader_share_quiet"] = quiet.reduce(0) { $0 + $1.readerShare } / Double(quiet.count)
      figures["reader_wait_quiet"] =
        quiet.reduce(0) { $0 + $1.readerWaitShare } / Double(quiet.count)
      figures["other_cores_quiet"] = quiet.reduce(0) { $0 + $1.otherCores } / Double(quiet.count)
    }
    let late = seconds.filter { $0.lateBlocks > 0 }
    figures["late_seconds"] = Double(late.count)
    if !late.isEmpty, late.count < seconds.count {
      let onTime = seconds.filter { $0.lateBlocks == 0 }
      figures["stolen_late_seconds"] = late.reduce(0) { $0 + $1.stolenShare } / Double(late.count)
      figures["stolen_on_time_seconds"] =
        onTime.reduce(0) { $0 + $1.stolenShare } / Double(onTime.count)
    }
    for (index, second) in seconds.enumerated() where second.underruns > 0 {
      figures["u\(index + 1)"] = Double(second.underruns)
      figures["r\(index + 1)"] = second.readerShare
      figures["o\(index + 1)"] = second.otherCores
      figures["w\(index + 1)"] = second.readerWaitShare
    }
  }
}
