import AudioTestSupport
import Foundation
import SFZSampler
import SongPlayback
import Testing

/// Songs rendered on an offline renderer's threads: the same bits as on one thread.
@Suite struct OfflineRendererTests {
  /// A sampler with one looped, inharmonic sample on every key and room for 128 voices, at unity
  /// channel volume.
  static func sampler() throws -> Sampler {
    let sampler = Sampler(sampleRate: 48_000, maximumPolyphony: 128)
    let frames = 24_000
    let data = (0..<frames).map { (i: Int) -> Float in
      let x = Double(i)
      return Float(0.3 * sin(x * 0.0271) + 0.2 * sin(x * 0.3117) + 0.1 * sin(x * 1.9))
    }
    let descriptor = SampleDescriptor(
      noteNumber: 60, noteFrequency: 261.63, minimumNoteNumber: 0, maximumNoteNumber: 127,
      minimumVelocity: -1, maximumVelocity: -1, isLooping: true, loopStartPoint: 0.1,
      loopEndPoint: 0.9, startPoint: 0, endPoint: 0)
    try sampler.loadRawSampleData(
      from: SampleDataDescriptor(
        sampleDescriptor: descriptor, sampleRate: 44_100, isInterleaved: true, channelCount: 1,
        sampleCount: frames, data: data))
    sampler.buildKeyMap()
    sampler.releaseDuration = 0.3
    for channel in UInt8(0)..<16 {
      sampler.controlChange(controller: 7, value: 127, channel: channel)
    }
    return sampler
  }

  /// 400 notes over four seconds on four channels, each held 0.1 to 1 s, with pan changes.
  static var schedule: [ScheduledEvent] {
    var events: [ScheduledEvent] = []
    for index in 0..<400 {
      let frame = index * 480
      let key = UInt8(30 + (index * 37) % 70)
      let channel = UInt8(index % 4)
      events.append(
        ScheduledEvent(
          frame: frame,
          event: .noteOn(key: key, velocity: UInt8(20 + index % 100), channel: channel)))
      events.append(
        ScheduledEvent(
          frame: frame + 4_800 + (index * 211) % 43_200,
          event: .noteOff(key: key, channel: channel)))
      if index % 9 == 0 {
        events.append(
          ScheduledEvent(
            frame: frame,
            event: .controlChange(controller: 10, value: UInt8(index % 128), channel: channel)))
      }
    }
    return events.sorted { $0.frame < $1.frame }
  }

  /// Both channels of the whole render, on `threads` threads (one: the sampler's own render).
  static func render(threads: Int, blockSize: Int) throws -> (out: [Float], peakVoices: Int) {
    let sampler = try Self.sampler()
    let renderer = threads > 1 ? try OfflineRenderer(sampler: sampler, threads: threads) : nil
    var out: [Float] = []
    SongRenderer(sampler: sampler, blockSize: blockSize, renderer: renderer).render(
      schedule, tailFrames: 24_000
    ) { block in
      out.append(contentsOf: block.left)
      out.append(contentsOf: block.right)
      return true
    }
    return (out, sampler.peakVoices)
  }

  @Test(arguments: [128, 700])
  func threadsRenderTheBitsOneThreadRenders(blockSize: Int) throws {
    let alone = try Self.render(threads: 1, blockSize: blockSize)
    #expect(alone.peakVoices > 60, "a dense song")
    #expect(Measure.peak(alone.out[...]) > 0.3)
    for threads in [2, 4] {
      let shared = try Self.render(threads: threads, blockSize: blockSize).out
      let first = alone.out.indices.first { alone.out[$0].bitPattern != shared[$0].bitPattern }
      #expect(shared.count == alone.out.count)
      #expect(first == nil, "\(threads) threads differ first at value \(first ?? 0)")
    }
  }

  /// sfzplay's speed-up estimate subtracts this waiting from the threads' CPU time, so it must be
  /// time spent on the CPU: more than nothing (the threads do wait for one another at each
  /// span), and less than the CPU time of the render even when the worker sleeps for half a
  /// second between two blocks (sleeping is not waiting on the CPU).
  @Test func waitingIsCPUTimeTheThreadsSpentPolling() throws {
    let sampler = try Self.sampler()
    let renderer = try OfflineRenderer(sampler: sampler, threads: 2)
    func threadCPU() -> Double {
      var now = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
      return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }
    let started = threadCPU()
    var blocks = 0
    SongRenderer(sampler: sampler, blockSize: 256, renderer: renderer).render(
      Self.schedule, tailFrames: 24_000
    ) { _ in
      blocks += 1
      if blocks == 100 { Thread.sleep(forTimeInterval: 0.5) }
      return blocks < 200
    }
    let cpu = threadCPU() - started + renderer.workerCPUSeconds
    #expect(renderer.waitingSeconds > 0)
    #expect(renderer.waitingSeconds < cpu, "waiting \(renderer.waitingSeconds) s of \(cpu) s CPU")
  }

  @Test func threadCountsOutsideTheRangeAreRefused() throws {
    let sampler = try Self.sampler()
    #expect(throws: OfflineRendererError.threadCountOutOfRange(0)) {
      try OfflineRenderer(sampler: sampler, threads: 0)
    }
    let limit = OfflineRenderer.maximumThreads
    #expect(throws: OfflineRendererError.threadCountOutOfRange(limit + 1)) {
      try OfflineRenderer(sampler: sampler, threads: limit + 1)
    }
    #expect(try OfflineRenderer(sampler: sampler, threads: 3).threadCount == 3)
  }
}
