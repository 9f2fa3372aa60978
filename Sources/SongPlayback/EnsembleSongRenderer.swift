import SFZSampler

/// Renders a scheduled song through an `Ensemble` (SFZSampler) block by block, every event on
/// its exact frame whatever the block size, as ``SongRenderer`` does for one sampler: the song,
/// then a tail in which its notes ring out. With `stems`, each block also carries every MIDI
/// channel's output, which adds up to the mix.
///
/// Everything is allocated before the first block, so the loop itself allocates only for the
/// stems' views of a song's and a tail's last, shorter block.
///
/// ```swift
/// let schedule = EventSchedule.make(song: song, sampleRate: 48_000)
/// EnsembleSongRenderer(ensemble: band, stems: true).render(schedule, tailFrames: 96_000) { block in
///   for channel in block.soundingChannels.channels { write(channel, block.stemLeft[channel]) }
///   return true
/// }
/// ```
public struct EnsembleSongRenderer {
  /// The ensemble that plays the song, its programs loaded.
  public let ensemble: Ensemble
  /// The most frames rendered in one call (at most the ensemble's `maximumFrames`).
  public let blockSize: Int
  /// Whether each block carries the 16 channels' outputs.
  public let stems: Bool
  /// The threads that render each block; nil: the calling thread alone.
  public let renderer: OfflineEnsembleRenderer?

  /// Renders through `ensemble` in blocks of at most `blockSize` frames (cut to the ensemble's
  /// `maximumFrames`), with each channel's output in every block when `stems` is true, on
  /// `renderer`'s threads when given (a renderer made for `ensemble`).
  public init(
    ensemble: Ensemble, blockSize: Int = 256, stems: Bool = false,
    renderer: OfflineEnsembleRenderer? = nil
  ) {
    precondition(blockSize > 0, "a block holds at least one frame")
    precondition(
      renderer.map { $0.ensemble === ensemble } ?? true, "a renderer of another ensemble")
    self.ensemble = ensemble
    self.blockSize = min(blockSize, ensemble.maximumFrames)
    self.stems = stems
    self.renderer = renderer
  }

  /// Renders `schedule` from frame 0, then up to `tailFrames` frames more, handing every block to
  /// `body`, until `body` returns false or throws.
  ///
  /// With a renderer, `body` gets each block while the renderer's threads render the next one, so
  /// the threads need not wait for it; the block rendered after the one `body` stops at is
  /// dropped. `body` may read the instruments' statistics, which hold the block it was given.
  ///
  /// - Returns: The frames handed to `body`.
  @discardableResult
  public func render<Failure: Error>(
    _ schedule: [ScheduledEvent], tailFrames: Int,
    each body: (RenderedBlock) throws(Failure) -> Bool
  ) throws(Failure) -> Int {
    // two blocks, one rendering while `body` reads the other: each the mix, then the 16
    // channels' left and right
    let buffers = UnsafeMutableBufferPointer<Float>.allocate(capacity: 2 * 34 * blockSize)
    defer { buffers.deallocate() }
    let sides = (0..<2).map { BlockBuffers(buffers.baseAddress! + $0 * 34 * blockSize, blockSize) }
    var cursor = EventCursor(schedule)
    let songFrames = cursor.endFrame
    let totalFrames = songFrames + max(tailFrames, 0)
    var events: [SamplerEvent] = []
    events.reserveCapacity(schedule.count)
    let instruments = ensemble.instruments
    return try withoutActuallyEscaping(body) { (body) throws(Failure) -> Int in
      // made once: the renderer runs the same closure with every block
      let handOver = BlockHandOver(body)
      let deliver = { handOver.deliver() }
      var start = 0
      var side = 0
      while start < totalFrames && handOver.goesOn {
        let frames = SongRenderer.blockFrames(
          at: start, songFrames: songFrames, totalFrames: totalFrames, blockSize: blockSize)
        cursor.events(from: start, frames: frames, into: &events)
        let out = sides[side]
        let stemBuffers = stems ? out.stems : nil
        let sounding = events.withUnsafeBufferPointer {
          if let renderer {
            renderer.render(
              frameCount: frames, events: $0, left: out.left, right: out.right,
              stems: stemBuffers, alongside: deliver)
          } else if let stemBuffers {
            ensemble.render(
              frameCount: frames, events: $0, left: out.left, right: out.right,
              stems: stemBuffers)
          } else {
            ensemble.render(frameCount: frames, events: $0, left: out.left, right: out.right)
          }
        }
        // the block `body` stopped at ends the render; the one rendered meanwhile is dropped
        guard handOver.goesOn else { break }
        var block = out.block(
          start: start, songFrames: songFrames, frames: frames, stems: stems, sounding: sounding)
        block.activeVoices = instruments.reduce(0) { $0 + $1.sampler.activeVoices }
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

/// One block's buffers: the mix, then the 16 channels' left and right.
private struct BlockBuffers {
  let left: UnsafeMutablePointer<Float>
  let right: UnsafeMutablePointer<Float>
  let stems: StemBuffers
  /// Views of whole blocks, made once: only a song's or tail's last, shorter block makes its own.
  let wholeLeft: [UnsafeBufferPointer<Float>]
  let wholeRight: [UnsafeBufferPointer<Float>]
  let stemLeft: [UnsafeMutablePointer<Float>]
  let stemRight: [UnsafeMutablePointer<Float>]
  let blockSize: Int

  init(_ base: UnsafeMutablePointer<Float>, _ blockSize: Int) {
    left = base
    right = base + blockSize
    stemLeft = (0..<16).map { base + (2 + $0) * blockSize }
    stemRight = (0..<16).map { base + (18 + $0) * blockSize }
    stems = StemBuffers(left: stemLeft, right: stemRight)
    wholeLeft = stemLeft.map { UnsafeBufferPointer(start: $0, count: blockSize) }
    wholeRight = stemRight.map { UnsafeBufferPointer(start: $0, count: blockSize) }
    self.blockSize = blockSize
  }

  /// The block of `frames` frames these buffers hold.
  func block(start: Int, songFrames: Int, frames: Int, stems: Bool, sounding: ChannelSet)
    -> RenderedBlock
  {
    var block = RenderedBlock(
      start: start, songFrames: songFrames,
      left: UnsafeBufferPointer(start: left, count: frames),
      right: UnsafeBufferPointer(start: right, count: frames))
    block.soundingChannels = sounding
    if stems && frames == blockSize {
      block.stemLeft = wholeLeft
      block.stemRight = wholeRight
    } else if stems {
      block.stemLeft = stemLeft.map { UnsafeBufferPointer(start: $0, count: frames) }
      block.stemRight = stemRight.map { UnsafeBufferPointer(start: $0, count: frames) }
    }
    return block
  }
}
