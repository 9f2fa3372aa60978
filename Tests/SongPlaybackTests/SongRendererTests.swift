import AudioTestSupport
import SFZSampler
import SongPlayback
import Testing

/// The block-by-block song render: exact frames whatever the block size, the tail and its end,
/// and no allocation per block.
@Suite struct SongRendererTests {
  /// A sampler playing one second of DC (0.5) on every key at its root pitch, at unity channel
  /// volume: each note-on steps the output up on exactly its frame.
  static func dcSampler() throws -> Sampler {
    let sampler = Sampler(sampleRate: 48_000, maximumPolyphony: 16)
    let descriptor = SampleDescriptor(
      noteNumber: 60, noteFrequency: 261.63, minimumNoteNumber: 0, maximumNoteNumber: 127,
      minimumVelocity: -1, maximumVelocity: -1, isLooping: false, loopStartPoint: 0,
      loopEndPoint: 0, startPoint: 0, endPoint: 0)
    try sampler.loadRawSampleData(
      from: SampleDataDescriptor(
        sampleDescriptor: descriptor, sampleRate: 48_000, isInterleaved: true, channelCount: 1,
        sampleCount: 48_000, data: [Float](repeating: 0.5, count: 48_000)))
    sampler.buildKeyMap()
    for channel in UInt8(0)..<16 {
      sampler.controlChange(controller: 7, value: 127, channel: channel)
    }
    return sampler
  }

  /// Note-ons of key 60 at `frames`.
  static func notes(at frames: [Int]) -> [ScheduledEvent] {
    frames.map { ScheduledEvent(frame: $0, event: .noteOn(key: 60, velocity: 127)) }
  }

  /// Renders on the sampler's own render (one thread), or on an `OfflineRenderer`'s threads,
  /// where each block reaches the caller while the next one renders.
  static func songRenderer(blockSize: Int, threads: Int) throws -> SongRenderer {
    let sampler = try dcSampler()
    guard threads > 1 else { return SongRenderer(sampler: sampler, blockSize: blockSize) }
    return SongRenderer(
      renderer: try OfflineRenderer(sampler: sampler, threads: threads), blockSize: blockSize)
  }

  /// The left channel of the whole render.
  static func render(
    _ schedule: [ScheduledEvent], blockSize: Int, tailFrames: Int, threads: Int = 1
  ) throws -> [Float] {
    var left: [Float] = []
    try songRenderer(blockSize: blockSize, threads: threads).render(
      schedule, tailFrames: tailFrames
    ) { block in
      left.append(contentsOf: block.left)
      return true
    }
    return left
  }

  @Test(arguments: [1, 7, 256, 4_096])
  func eventsLandOnTheirFramesWhateverTheBlockSize(blockSize: Int) throws {
    let onsets = [0, 1_000, 2_345, 4_096, 9_999]
    let left = try Self.render(Self.notes(at: onsets), blockSize: blockSize, tailFrames: 100)
    #expect(left.count == 9_999 + 1 + 100)
    let steps = left.indices.filter { left[$0] - ($0 == 0 ? 0 : left[$0 - 1]) > 0.1 }
    #expect(steps == onsets)
  }

  @Test(arguments: [1, 2])
  func theCallerEndsTheTail(threads: Int) throws {
    var blocks: [(start: Int, frames: Int, isTail: Bool)] = []
    let frames = try Self.songRenderer(blockSize: 100, threads: threads).render(
      Self.notes(at: [250]), tailFrames: 1_000
    ) { block in
      blocks.append((block.start, block.frames, block.isTail))
      return !block.isTail
    }
    // The song is frames 0...250, cut at its end; the first tail block is the last.
    #expect(blocks.map(\.start) == [0, 100, 200, 251])
    #expect(blocks.map(\.frames) == [100, 100, 51, 100])
    #expect(blocks.map(\.isTail) == [false, false, false, true])
    #expect(frames == 351)
  }

  /// With a renderer, each block reaches the caller while the next one renders (into other
  /// buffers): the caller still sees every block whole, in order, with its own frames.
  @Test func aRendererHandsOverEachBlockWhileTheNextRenders() throws {
    let onsets = [0, 63, 64, 1_000, 5_555, 9_999]
    let alone = try Self.render(Self.notes(at: onsets), blockSize: 64, tailFrames: 100)
    let shared = try Self.render(
      Self.notes(at: onsets), blockSize: 64, tailFrames: 100, threads: 2)
    #expect(shared.count == 9_999 + 1 + 100)
    #expect(shared.map(\.bitPattern) == alone.map(\.bitPattern))
  }

  struct Stop: Error, Equatable {}

  @Test(arguments: [1, 2])
  func anErrorFromTheCallerEndsTheRender(threads: Int) throws {
    var starts: [Int] = []
    #expect(throws: Stop()) {
      try Self.songRenderer(blockSize: 100, threads: threads).render(
        Self.notes(at: [250]), tailFrames: 1_000
      ) { (block) throws(Stop) -> Bool in
        starts.append(block.start)
        if block.start == 100 { throw Stop() }
        return true
      }
    }
    #expect(starts == [0, 100])
  }

  @Test(arguments: [1, 2])
  func nothingIsAllocatedPerBlock(threads: Int) throws {
    let renderer = try Self.songRenderer(blockSize: 64, threads: threads)
    var peak: Float = 0
    func play(seconds: Int) -> Int {
      let schedule = Self.notes(at: (0..<seconds * 4).map { $0 * 12_000 })
      return ThreadAllocations.measure {
        renderer.render(schedule, tailFrames: 4_800) { block in
          for value in block.left { peak = max(peak, value) }
          return true
        }
      }
    }
    _ = play(seconds: 1)
    // Ten times the blocks, the same allocations: only those made before the first block.
    #expect(play(seconds: 1) == play(seconds: 10))
    #expect(peak > 0.4)
  }
}
