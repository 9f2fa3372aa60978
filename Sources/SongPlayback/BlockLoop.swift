import SFZSampler

/// The block loop both song renderers run: the song up to its last event, then the tail, in
/// blocks of at most `blockSize` frames, each with its events, rendered into one of two sides of
/// buffers while `body` reads the block before (with a renderer's threads), or rendered and then
/// handed over (on the calling thread alone).
enum BlockLoop {
  /// One block to render: where it starts, its length, its events and the buffers' side.
  struct Request {
    let start: Int
    let frames: Int
    let songFrames: Int
    let events: [SamplerEvent]
    /// 0 or 1: the buffers `body` is not reading.
    let side: Int

    /// The rendered block held in `left` and `right`.
    func block(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>)
      -> RenderedBlock
    {
      RenderedBlock(
        start: start, songFrames: songFrames,
        left: UnsafeBufferPointer(start: left, count: frames),
        right: UnsafeBufferPointer(start: right, count: frames))
    }
  }

  /// Runs the loop: `render` renders each request (running the closure it is given once, on
  /// the calling thread, while its threads render, when `overlapped`) and returns the block.
  ///
  /// - Returns: The frames handed to `body`.
  static func run<Failure: Error>(
    _ schedule: [ScheduledEvent], tailFrames: Int, blockSize: Int, overlapped: Bool,
    each body: (RenderedBlock) throws(Failure) -> Bool,
    render: (Request, @escaping () -> Void) -> RenderedBlock
  ) throws(Failure) -> Int {
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
        let frames = blockFrames(
          at: start, songFrames: songFrames, totalFrames: totalFrames, blockSize: blockSize)
        cursor.events(from: start, frames: frames, into: &events)
        let block = render(
          Request(
            start: start, frames: frames, songFrames: songFrames, events: events, side: side),
          deliver)
        // the block `body` stopped at ends the render; the one rendered meanwhile is dropped
        guard handOver.goesOn else { break }
        handOver.waiting = block
        if !overlapped { handOver.deliver() }
        start += frames
        side = 1 - side
      }
      handOver.deliver()
      if let failure = handOver.failure { throw failure }
      return handOver.delivered
    }
  }

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
