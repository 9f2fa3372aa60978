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
    return try BlockLoop.run(
      schedule, tailFrames: tailFrames, blockSize: blockSize, overlapped: renderer != nil,
      each: body
    ) { request, deliver in
      let left = buffers.baseAddress! + 2 * request.side * blockSize
      let right = left + blockSize
      request.events.withUnsafeBufferPointer {
        if let renderer {
          renderer.render(
            frameCount: request.frames, events: $0, left: left, right: right, alongside: deliver)
        } else {
          sampler.render(frameCount: request.frames, events: $0, left: left, right: right)
        }
      }
      var block = request.block(left: left, right: right)
      block.activeVoices = sampler.activeVoices
      block.effectsRinging = sampler.effectsRinging
      return block
    }
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
  /// empty otherwise. With the returns (``returnLeft``) the stems add up to ``left``.
  public var stemLeft: [UnsafeBufferPointer<Float>] = []
  /// Each MIDI channel's right output (16), as ``stemLeft``.
  public var stemRight: [UnsafeBufferPointer<Float>] = []
  /// The shared reverb's return at [0] and the chorus's at [1], left and right, when an
  /// ensemble rendered the block with stems: with the stems they add up to the mix.
  public var returnLeft: [UnsafeBufferPointer<Float>] = []
  /// The returns' right sides, as ``returnLeft``.
  public var returnRight: [UnsafeBufferPointer<Float>] = []
  /// The channels that sounded in the block, when an ensemble rendered it.
  public var soundingChannels: ChannelSet = []
  /// Voices sounding at the end of the block (every instrument's, when an ensemble rendered it),
  /// read as the render call returned: with a renderer's threads, the instruments' own statistics
  /// may already hold the next block when `body` runs.
  public var activeVoices = 0
  /// Whether a reverb or chorus still rings at the end of the block (the sampler's, or the
  /// ensemble's), read as `activeVoices` is.
  public var effectsRinging = false

  /// Frames in the block.
  public var frames: Int { left.count }
  /// Whether the block lies after the song's last event, where only its notes ring out.
  public var isTail: Bool { start >= songFrames }
}
