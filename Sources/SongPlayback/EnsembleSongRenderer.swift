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

  /// Renders through `ensemble` in blocks of at most `blockSize` frames (cut to the ensemble's
  /// `maximumFrames`), with each channel's output in every block when `stems` is true.
  public init(ensemble: Ensemble, blockSize: Int = 256, stems: Bool = false) {
    precondition(blockSize > 0, "a block holds at least one frame")
    self.ensemble = ensemble
    self.blockSize = min(blockSize, ensemble.maximumFrames)
    self.stems = stems
  }

  /// Renders `schedule` from frame 0, then up to `tailFrames` frames more, handing every block to
  /// `body`, until `body` returns false or throws.
  ///
  /// - Returns: The frames handed to `body`.
  @discardableResult
  public func render<Failure: Error>(
    _ schedule: [ScheduledEvent], tailFrames: Int,
    each body: (RenderedBlock) throws(Failure) -> Bool
  ) throws(Failure) -> Int {
    // the mix, then the 16 channels' left and right
    let buffers = UnsafeMutableBufferPointer<Float>.allocate(capacity: 34 * blockSize)
    defer { buffers.deallocate() }
    let base = buffers.baseAddress!
    let stemLeft = (0..<16).map { base + (2 + $0) * blockSize }
    let stemRight = (0..<16).map { base + (18 + $0) * blockSize }
    let stemBuffers = StemBuffers(left: stemLeft, right: stemRight)
    var cursor = EventCursor(schedule)
    let songFrames = cursor.endFrame
    let totalFrames = songFrames + max(tailFrames, 0)
    // views of whole blocks made once; only a song's or tail's last, shorter block makes its own
    let wholeLeft = stemLeft.map { UnsafeBufferPointer(start: $0, count: blockSize) }
    let wholeRight = stemRight.map { UnsafeBufferPointer(start: $0, count: blockSize) }
    var events: [SamplerEvent] = []
    events.reserveCapacity(schedule.count)
    var start = 0
    while start < totalFrames {
      let frames = SongRenderer.blockFrames(
        at: start, songFrames: songFrames, totalFrames: totalFrames, blockSize: blockSize)
      cursor.events(from: start, frames: frames, into: &events)
      let sounding = events.withUnsafeBufferPointer {
        stems
          ? ensemble.render(
            frameCount: frames, events: $0, left: base, right: base + blockSize,
            stems: stemBuffers)
          : ensemble.render(
            frameCount: frames, events: $0, left: base, right: base + blockSize)
      }
      var block = RenderedBlock(
        start: start, songFrames: songFrames,
        left: UnsafeBufferPointer(start: base, count: frames),
        right: UnsafeBufferPointer(start: base + blockSize, count: frames))
      block.soundingChannels = sounding
      if stems && frames == blockSize {
        block.stemLeft = wholeLeft
        block.stemRight = wholeRight
      } else if stems {
        block.stemLeft = stemLeft.map { UnsafeBufferPointer(start: $0, count: frames) }
        block.stemRight = stemRight.map { UnsafeBufferPointer(start: $0, count: frames) }
      }
      start += frames
      guard try body(block) else { break }
    }
    return start
  }
}
