import SFZSampler

/// Renders a scheduled song through an `Ensemble` (SFZSampler) block by block, every event on
/// its exact frame whatever the block size, as ``SongRenderer`` does for one sampler: the song,
/// then a tail in which its notes ring out. With `stems`, each block also carries every MIDI
/// channel's output, dry, and the returns of the ensemble's reverb and chorus: together they add
/// up to the mix.
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
    // two blocks, one rendering while `body` reads the other: each the mix, the 16 channels'
    // left and right, and the two returns' left and right
    let each = BlockBuffers.count * blockSize
    let buffers = UnsafeMutableBufferPointer<Float>.allocate(capacity: 2 * each)
    defer { buffers.deallocate() }
    let sides = (0..<2).map { BlockBuffers(buffers.baseAddress! + $0 * each, blockSize) }
    let instruments = ensemble.instruments
    return try BlockLoop.run(
      schedule, tailFrames: tailFrames, blockSize: blockSize, overlapped: renderer != nil,
      each: body
    ) { request, deliver in
      let out = sides[request.side]
      let stemBuffers = stems ? out.stems : nil
      let sounding = request.events.withUnsafeBufferPointer {
        if let renderer {
          renderer.render(
            frameCount: request.frames, events: $0, left: out.left, right: out.right,
            stems: stemBuffers, alongside: deliver)
        } else if let stemBuffers {
          ensemble.render(
            frameCount: request.frames, events: $0, left: out.left, right: out.right,
            stems: stemBuffers)
        } else {
          ensemble.render(
            frameCount: request.frames, events: $0, left: out.left, right: out.right)
        }
      }
      var block = out.block(request, stems: stems, sounding: sounding)
      block.activeVoices = instruments.reduce(0) { $0 + $1.sampler.activeVoices }
      block.effectsRinging = ensemble.effectsRinging
      return block
    }
  }
}

/// One block's buffers: the mix, the 16 channels' left and right, then the reverb's and the
/// chorus's returns' left and right.
private struct BlockBuffers {
  /// Buffers of a block's length each holds.
  static let count = 2 + 32 + 4

  let left: UnsafeMutablePointer<Float>
  let right: UnsafeMutablePointer<Float>
  let stems: StemBuffers
  /// Views of whole blocks, made once: only a song's or tail's last, shorter block makes its own.
  let wholeLeft: [UnsafeBufferPointer<Float>]
  let wholeRight: [UnsafeBufferPointer<Float>]
  let wholeReturnLeft: [UnsafeBufferPointer<Float>]
  let wholeReturnRight: [UnsafeBufferPointer<Float>]
  let stemLeft: [UnsafeMutablePointer<Float>]
  let stemRight: [UnsafeMutablePointer<Float>]
  let returnLeft: [UnsafeMutablePointer<Float>]
  let returnRight: [UnsafeMutablePointer<Float>]
  let blockSize: Int

  init(_ base: UnsafeMutablePointer<Float>, _ blockSize: Int) {
    left = base
    right = base + blockSize
    stemLeft = (0..<16).map { base + (2 + $0) * blockSize }
    stemRight = (0..<16).map { base + (18 + $0) * blockSize }
    returnLeft = (0..<2).map { base + (34 + $0) * blockSize }
    returnRight = (0..<2).map { base + (36 + $0) * blockSize }
    stems = StemBuffers(
      left: stemLeft, right: stemRight, returnLeft: returnLeft, returnRight: returnRight)
    func whole(_ buffers: [UnsafeMutablePointer<Float>]) -> [UnsafeBufferPointer<Float>] {
      buffers.map { UnsafeBufferPointer(start: $0, count: blockSize) }
    }
    wholeLeft = whole(stemLeft)
    wholeRight = whole(stemRight)
    wholeReturnLeft = whole(returnLeft)
    wholeReturnRight = whole(returnRight)
    self.blockSize = blockSize
  }

  /// The block `request` asked for, as these buffers hold it.
  func block(_ request: BlockLoop.Request, stems: Bool, sounding: ChannelSet) -> RenderedBlock {
    var block = request.block(left: left, right: right)
    block.soundingChannels = sounding
    guard stems else { return block }
    if request.frames == blockSize {
      block.stemLeft = wholeLeft
      block.stemRight = wholeRight
      block.returnLeft = wholeReturnLeft
      block.returnRight = wholeReturnRight
    } else {
      func part(_ buffers: [UnsafeMutablePointer<Float>]) -> [UnsafeBufferPointer<Float>] {
        buffers.map { UnsafeBufferPointer(start: $0, count: request.frames) }
      }
      block.stemLeft = part(stemLeft)
      block.stemRight = part(stemRight)
      block.returnLeft = part(returnLeft)
      block.returnRight = part(returnRight)
    }
    return block
  }
}
