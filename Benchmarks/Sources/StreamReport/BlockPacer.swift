import BenchSupport
import Foundation

/// Paces a render loop like an audio device: block `n` may start at `start + n x period` and is
/// due one period later. Sleeping is absolute on the monotonic clock, so time spent rendering
/// never shifts later blocks.
struct BlockPacer {
  /// Seconds per block.
  let period: Double
  /// When block 0 became due to start.
  let start: Double
  /// The block the next `waitForNextBlock` starts.
  private(set) var block = 0
  /// Blocks that finished after their deadline (a device would have played a gap).
  private(set) var lateBlocks = 0

  init(blockFrames: Int, sampleRate: Double) {
    period = Double(blockFrames) / sampleRate
    start = ThreadCPUClock.wall()
  }

  /// Call when a block's render has finished: counts it late if it missed its deadline, then
  /// sleeps until the next block may start (at once when already behind).
  mutating func finishBlock() {
    let now = ThreadCPUClock.wall()
    if now > start + Double(block + 1) * period { lateBlocks += 1 }
    block += 1
    Self.sleep(until: start + Double(block) * period)
  }

  /// Sleeps until `time` on the monotonic clock of `ThreadCPUClock.wall()` (on Linux
  /// `clock_nanosleep` with an absolute time; elsewhere a relative sleep).
  static func sleep(until time: Double) {
    #if os(Linux)
      var due = timespec()
      due.tv_sec = Int(time.rounded(.down))
      due.tv_nsec = Int((time - time.rounded(.down)) * 1e9)
      while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &due, nil) == EINTR {}
    #else
      let remaining = time - ThreadCPUClock.wall()
      if remaining > 0 { usleep(UInt32(remaining * 1e6)) }
    #endif
  }
}
