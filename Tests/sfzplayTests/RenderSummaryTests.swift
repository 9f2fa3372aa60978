import Testing

@testable import SFZPlayKit
@testable import SFZSampler

/// The summary's speed-up over one thread is the threads' working CPU time over the calling
/// thread's CPU time, so a render that other processes slowed down on the clock still reports
/// what its threads gained (the wall clock would call 1.8 s of work in 2 s of a busy machine
/// 0.9x the speed of one thread).
@Suite("Render summary")
struct RenderSummaryTests {
  private func summary(wall: Double, work: Double, callingThread: Double) -> RenderSummary {
    let streaming = StreamingStatistics(
      streamedSamples: 0, residentSampleBytes: 0, underruns: 0, readFailures: 0,
      readerCPUSeconds: 0, readerPriorityRaised: false)
    return RenderSummary(
      result: RenderResult(
        frames: 480_000, peak: 0.5, peakVoices: 100, silencedVoices: 0, streaming: streaming),
      sampleRate: 48_000, wallSeconds: wall, threads: 2, cpuSeconds: work,
      callingThreadCPUSeconds: callingThread, outputPath: "out.wav", depth: .int24,
      clippedSamples: 0)
  }

  @Test func theSpeedUpIgnoresTimeTheSystemGaveOtherProcesses() {
    let busy = summary(wall: 2.0, work: 1.8, callingThread: 1.0)
    #expect(abs(busy.speedUp - 1.8) < 1e-12)
    #expect(busy.line.contains("on 2 threads (1.80x the speed of one, estimated from CPU time)"))
    #expect(busy.line.contains("5.0x real time"), "real time is still measured on the clock")
  }
}
