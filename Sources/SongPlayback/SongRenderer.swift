import SFZSampler

/// Renders a scheduled song through a sampler block by block, every event on its exact frame
/// whatever the block size: the song up to and including the frame of its last event, then a
/// tail in which its notes ring out. Each block goes to the caller, who writes, measures or
/// copies it and says whether to go on.
///
/// Everything is allocated before the first block, so the loop itself never allocates. Given an
/// `OfflineRenderer` (SFZSampler), it renders each block on that renderer's threads, to the same bits.
///
/// ```swift
/// let schedule = EventSchedule.make(song: try MIDIFile(contentsOf: url), sampleRate: 48_000)
/// var peak: Float = 0
/// SongRenderer(sampler: sampler).render(schedule, tailFrames: 96_000) { block in
///   for frame in 0..<block.frames { peak = max(peak, abs(block.left[frame])) }
///   return true
/// }
/// ```
public struct SongRenderer {
  /// The sampler that plays the song, with its instrument loaded.
  public let sampler: Sampler
  /// The most frames rendered in one call to the sampler.
  public let blockSize: Int
  /// The threads that render each block; nil: the calling thread alone.
  public let renderer: OfflineRenderer?

  /// Renders through `sampler` in blocks of at most `blockSize` frames (1 or more), with
  /// `renderer`'s threads when given (a renderer made for `sampler`).
  public init(sampler: Sampler, blockSize: Int = 256, renderer: OfflineRenderer? = nil) {
    precondition(blockSize > 0, "a block holds at least one frame")
    precondition(renderer.map { $0.sampler === sampler } ?? true, "a renderer of another sampler")
    self.sampler = sampler
    self.blockSize = blockSize
    self.renderer = renderer
  }

  /// Renders `sampler` on `renderer`'s threads in blocks of at most `blockSize` frames.
  public init(renderer: OfflineRenderer, blockSize: Int = 256) {
    self.init(sampler: renderer.sampler, blockSize: blockSize, renderer: renderer)
  }

  /// Renders `schedule` from frame 0, then up to `tailFrames` frames more, handing every block to
  /// `body`. Stops after a block for which `body` returns false (a tail that has gone quiet, a
  /// cancelled render) or throws.
  ///
  /// With a renderer, `body` gets each block while the renderer's threads render the next one, so
  /// the threads need not wait for it; the block rendered after the one `body` stops at is
  /// dropped. `body` may read the sampler's statistics, which hold the block it was given.
  ///
  /// - Returns: The frames handed to `body`.
  @discardableResult
  public func render<Failure: Error>(
    _ schedule: [ScheduledEvent], tailFrames: Int,
    each body: (RenderedBlock) throws(Failure) -> Bool
  ) throws(Failure) -> Int {
    // two blocks' buffers: one rendering while `body` reads the other
    let buffers = UnsafeMutableBufferPointer<Float>.allocate(capacity: 4 * blockSize)
    defer { buffers.deallocate() }
    var cursor = EventCursor(schedule)
    let songFrames = cursor.endFrame
    let totalFrames = songFrames + max(tailFrames, 0)
    // No block holds more events than the whole song, so the list never grows in the loop.
    var events: [SamplerEvent] = []
    events.reserveCapacity(schedule.count)
    return try withoutActuallyEscaping(body) { (body) throws(Failure) -> Int in
      // made once: the renderer runs the same closure with every block
      let handOver = BlockHandOver(body)
      let deliver = { handOver.deliver() }
      var start = 0
      var side = 0
      while start < totalFrames && handOver.goesOn {
        let frames = Self.blockFrames(
          at: start, songFrames: songFrames, totalFrames: totalFrames, blockSize: blockSize)
        cursor.events(from: start, frames: frames, into: &events)
        let left = buffers.baseAddress! + 2 * side * blockSize
        let right = left + blockSize
        events.withUnsafeBufferPointer {
          if let renderer {
            renderer.render(
              frameCount: frames, events: $0, left: left, right: right, alongside: deliver)
          } else {
            sampler.render(frameCount: frames, events: $0, left: left, right: right)
          }
        }
        // the block `body` stopped at ends the render; the one rendered meanwhile is dropped
        guard handOver.goesOn else { break }
        var block = RenderedBlock(
          start: start, songFrames: songFrames,
          left: UnsafeBufferPointer(start: left, count: frames),
          right: UnsafeBufferPointer(start: right, count: frames))
        block.activeVoices = sampler.activeVoices
        handOver.waiting = block
        if renderer == nil { handOver.deliver() }
        start += frames
        side = 1 - side
      }
      handOver.deliver()
      if let failure = handOver.failure { throw failure }
      return handOver.delivered
    }
  }
}

extension SongRenderer {
  /// The frames of the block that starts at `start`. The song's end is a block boundary: the
  /// tail starts on a block of its own.
  static func blockFrames(at start: Int, songFrames: Int, totalFrames: Int, blockSize: Int) -> Int {
    min(blockSize, (start < songFrames ? songFrames : totalFrames) - start)
  }
}

/// The rendered block waiting for the caller's `body`, and what `body` said of the blocks before.
final class BlockHandOver<Failure: Error> {
  let body: (RenderedBlock) throws(Failure) -> Bool
  var waiting: RenderedBlock?
  /// Frames handed to `body` so far.
  var delivered = 0
  private(set) var failure: Failure?
  private var wantsMore = true

  init(_ body: @escaping (RenderedBlock) throws(Failure) -> Bool) { self.body = body }

  /// Whether `body` has neither stopped the render nor thrown.
  var goesOn: Bool { wantsMore && failure == nil }

  /// Hands the waiting block, if any, to `body`, unless the render is over.
  func deliver() {
    guard let block = waiting, goesOn else { return }
    waiting = nil
    do {
      wantsMore = try body(block)
    } catch {
      failure = error
    }
    delivered = block.start + block.frames
  }
}

/// One block of a song as the sampler rendered it. Its buffers belong to the `SongRenderer` and
/// are overwritten by a later block: copy what must outlive the call.
public struct RenderedBlock {
  /// The block's first frame, counted from the start of the song.
  public let start: Int
  /// Frames of the song itself, up to and including the frame of its last event.
  public let songFrames: Int
  /// The left channel, one value per frame of the block.
  public let left: UnsafeBufferPointer<Float>
  /// The right channel, one value per frame of the block.
  public let right: UnsafeBufferPointer<Float>
  /// Each MIDI channel's left output (16), when an ``EnsembleSongRenderer`` renders stems;
  /// empty otherwise. The stems add up to ``left``.
  public var stemLeft: [UnsafeBufferPointer<Float>] = []
  /// Each MIDI channel's right output (16), as ``stemLeft``.
  public var stemRight: [UnsafeBufferPointer<Float>] = []
  /// The channels that sounded in the block, when an ensemble rendered it.
  public var soundingChannels: ChannelSet = []
  /// Voices sounding at the end of the block (every instrument's, when an ensemble rendered it),
  /// read as the render call returned: with a renderer's threads, the instruments' own statistics
  /// may already hold the next block when `body` runs.
  public var activeVoices = 0

  /// Frames in the block.
  public var frames: Int { left.count }
  /// Whether the block lies after the song's last event, where only its notes ring out.
  public var isTail: Bool { start >= songFrames }
}
