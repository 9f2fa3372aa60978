import CSamplerCore
import Foundation

/// Renders a sampler offline on several threads, with output bit-identical to
/// ``Sampler/render(frameCount:events:left:right:)`` on one thread.
///
/// Its worker threads start when it is made and stop when it is released. The engine sums the
/// voices of each span of a block (the frames between two events) in a fixed order, in groups of
/// voice slots; the threads render whole groups at once and the groups' sums are added in the
/// order one thread adds them, so the sums round the same way whatever the number of threads.
/// Spans with little work (a few voices) render on the calling thread alone.
///
/// For bouncing and file rendering only: a render call waits for the worker threads, so it is not
/// for an audio callback. Call ``render(frameCount:events:left:right:)`` from one thread at a time,
/// and not while another thread calls the sampler's own `render`. Control calls (`play`, loading,
/// parameters) work as they do with `Sampler.render`.
///
/// ```swift
/// let renderer = try OfflineRenderer(sampler: sampler, threads: 4)
/// sampler.play(noteNumber: 60, velocity: 100)
/// renderer.render(frameCount: 1_024, left: left, right: right)
/// ```
public final class OfflineRenderer: @unchecked Sendable {
  /// The sampler it renders.
  public let sampler: Sampler
  /// Threads that render, the calling thread included.
  public let threadCount: Int
  /// nil for one thread: the calling thread renders alone.
  private let team: OpaquePointer?
  /// Where the C render call finds the caller's work.
  private let callerWork = CallerWork()

  /// The most threads a renderer may have.
  public static let maximumThreads = Int(sc_render_team_max_threads())

  /// Starts `threads - 1` worker threads (1...``maximumThreads``; by default one per core) for
  /// `sampler`, with the buffers the groups are summed into (32 KB).
  public init(
    sampler: Sampler, threads: Int = ProcessInfo.processInfo.activeProcessorCount
  ) throws(OfflineRendererError) {
    try OfflineRendererError.check(threads: threads)
    self.sampler = sampler
    threadCount = threads
    if threads == 1 {
      team = nil
      return
    }
    guard let team = sc_render_team_create(sampler.engine.pointer, UInt32(threads)) else {
      throw .threadsUnavailable(requested: threads)
    }
    self.team = team
  }

  deinit {
    sc_render_team_destroy(team)
  }

  /// Renders `frameCount` frames into `left` and `right` (overwritten) with events applied at
  /// their exact frames (sorted by frame), as ``Sampler/render(frameCount:events:left:right:)``
  /// does, to the same bits.
  public func render(
    frameCount: Int, events: UnsafeBufferPointer<SamplerEvent>, left: UnsafeMutablePointer<Float>,
    right: UnsafeMutablePointer<Float>
  ) {
    render(frameCount: frameCount, events: events, left: left, right: right, alongside: nil)
  }

  /// Renders as ``render(frameCount:events:left:right:)`` does, to the same bits, and meanwhile
  /// runs `work` once on the calling thread: the worker threads start on the block while the
  /// calling thread does work of its own, such as writing out the previous block, and then takes
  /// its share of what is left. Without it, the workers wait while the caller writes.
  ///
  /// `work` must not render, load or unload, nor touch `left` and `right`; it may read the
  /// sampler's statistics (``Sampler/activeVoices`` as the previous block left it). It is not
  /// kept after the call; made once and passed to every call, it costs no allocation.
  ///
  /// ```swift
  /// let writePrevious = { write(previousLeft, previousRight) }
  /// renderer.render(
  ///   frameCount: 256, events: events, left: nextLeft, right: nextRight, alongside: writePrevious)
  /// ```
  public func render(
    frameCount: Int, events: UnsafeBufferPointer<SamplerEvent>, left: UnsafeMutablePointer<Float>,
    right: UnsafeMutablePointer<Float>, alongside work: @escaping () -> Void
  ) {
    callerWork.with(work) {
      render(frameCount: frameCount, events: events, left: left, right: right, alongside: $0)
    }
  }

  private func render(
    frameCount: Int, events: UnsafeBufferPointer<SamplerEvent>, left: UnsafeMutablePointer<Float>,
    right: UnsafeMutablePointer<Float>, alongside: UnsafePointer<sc_render_alongside>?
  ) {
    events.withMemoryRebound(to: sc_event.self) { raw in
      sc_engine_render_team(
        sampler.engine.pointer, team, UInt32(clamping: frameCount), raw.baseAddress,
        UInt32(raw.count), left, right, alongside)
    }
  }

  /// Renders `frameCount` frames without events into `left` and `right` (overwritten).
  public func render(
    frameCount: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>
  ) {
    render(
      frameCount: frameCount, events: UnsafeBufferPointer(start: nil, count: 0), left: left,
      right: right, alongside: nil)
  }

  /// CPU seconds the worker threads have used so far (the calling thread's own time is not
  /// included): with the calling thread's, what the renders cost.
  public var workerCPUSeconds: Double {
    team.map { sc_render_team_worker_seconds($0) } ?? 0
  }

  /// Seconds the threads (the calling one included) have spent waiting for one another on the
  /// CPU, which their CPU time includes: CPU time minus this is the time spent rendering. Read it
  /// on the rendering thread, between render calls.
  public var waitingSeconds: Double {
    team.map { sc_render_team_wait_seconds($0) } ?? 0
  }
}

/// The caller's work during one render call, as the C render call runs it.
final class CallerWork {
  var run: (() -> Void)?

  /// Runs `work` through `body`'s `sc_render_alongside`, then forgets it.
  func with(_ work: @escaping () -> Void, _ body: (UnsafePointer<sc_render_alongside>) -> Void) {
    run = work
    defer { run = nil }
    var alongside = sc_render_alongside(
      run: { Unmanaged<CallerWork>.fromOpaque($0!).takeUnretainedValue().run?() },
      context: Unmanaged.passUnretained(self).toOpaque())
    body(&alongside)
  }
}

/// Why an ``OfflineRenderer`` could not start.
public enum OfflineRendererError: Error, CustomStringConvertible, Equatable {
  /// The thread count lies outside 1...``OfflineRenderer/maximumThreads``.
  case threadCountOutOfRange(Int)
  /// The system would not start the worker threads or give memory for their buffers.
  case threadsUnavailable(requested: Int)

  /// Throws ``threadCountOutOfRange(_:)`` unless `threads` is 1...``OfflineRenderer/maximumThreads``.
  static func check(threads: Int) throws(OfflineRendererError) {
    guard (1...OfflineRenderer.maximumThreads).contains(threads) else {
      throw .threadCountOutOfRange(threads)
    }
  }

  /// One line saying what went wrong.
  public var description: String {
    switch self {
    case .threadCountOutOfRange(let count):
      return "render threads must be 1...\(OfflineRenderer.maximumThreads), not \(count)"
    case .threadsUnavailable(let count):
      return "could not start \(count) render threads (out of memory or threads)"
    }
  }
}
