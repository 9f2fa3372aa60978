import CSamplerCore
import Foundation

/// Renders an ``Ensemble`` offline on several threads, with output bit-identical to
/// ``Ensemble/render(frameCount:events:left:right:)`` on one thread.
///
/// Its worker threads start when it is made and stop when it is released. Each render call's
/// instruments are shared out among the threads, the busiest first; each instrument renders
/// into buffers of its own and the mix adds them in the ensemble's fixed order, so the output
/// is the same bits whatever the number of threads.
///
/// For songs rendered to a file and bounces only: a render call waits for the worker threads, so
/// it is not for an audio callback. Call its render methods from one thread at a time, and not
/// while another thread renders the ensemble. Loading and control calls work as they do with
/// `Ensemble.render`.
///
/// ```swift
/// let renderer = try OfflineEnsembleRenderer(ensemble: band)
/// renderer.render(frameCount: 1_024, events: events, left: left, right: right)
/// ```
public final class OfflineEnsembleRenderer: @unchecked Sendable {
  /// The ensemble it renders.
  public let ensemble: Ensemble
  /// Threads that render, the calling thread included.
  public let threadCount: Int
  /// nil for one thread: the calling thread renders alone.
  private let team: OpaquePointer?
  /// Where the C render call finds the caller's work.
  private let callerWork = CallerWork()

  /// Starts `threads - 1` worker threads (1...``OfflineRenderer/maximumThreads``; by default one
  /// per core) for `ensemble`.
  public init(
    ensemble: Ensemble, threads: Int = ProcessInfo.processInfo.activeProcessorCount
  ) throws(OfflineRendererError) {
    try OfflineRendererError.check(threads: threads)
    self.ensemble = ensemble
    threadCount = threads
    if threads == 1 {
      team = nil
      return
    }
    guard let team = sc_ensemble_team_create(UInt32(threads)) else {
      throw .threadsUnavailable(requested: threads)
    }
    self.team = team
  }

  deinit {
    sc_ensemble_team_destroy(team)
  }

  /// Renders `frameCount` frames (at most the ensemble's `maximumFrames`) into `left` and `right`
  /// (overwritten), and each channel's output into `stems` when given, as the ensemble's own
  /// render calls do, to the same bits.
  ///
  /// - Returns: The channels that sounded.
  @discardableResult
  public func render(
    frameCount: Int, events: UnsafeBufferPointer<SamplerEvent>, left: UnsafeMutablePointer<Float>,
    right: UnsafeMutablePointer<Float>, stems: StemBuffers? = nil
  ) -> ChannelSet {
    render(
      frameCount: frameCount, events: events, left: left, right: right, stems: stems,
      alongside: nil)
  }

  /// Renders as ``render(frameCount:events:left:right:stems:)`` does, to the same bits, and
  /// meanwhile runs `work` once on the calling thread, as soon as the worker threads have the
  /// block's instruments: the calling thread writes out the previous block while they render,
  /// then takes its share of what is left.
  ///
  /// `work` must not render, load or unload, nor touch the buffers being rendered into; it may
  /// read the instruments' statistics as the previous block left them.
  ///
  /// - Returns: The channels that sounded.
  @discardableResult
  public func render(
    frameCount: Int, events: UnsafeBufferPointer<SamplerEvent>, left: UnsafeMutablePointer<Float>,
    right: UnsafeMutablePointer<Float>, stems: StemBuffers? = nil,
    alongside work: @escaping () -> Void
  ) -> ChannelSet {
    var sounded: ChannelSet = []
    callerWork.with(work) {
      sounded = render(
        frameCount: frameCount, events: events, left: left, right: right, stems: stems,
        alongside: $0)
    }
    return sounded
  }

  private func render(
    frameCount: Int, events: UnsafeBufferPointer<SamplerEvent>, left: UnsafeMutablePointer<Float>,
    right: UnsafeMutablePointer<Float>, stems: StemBuffers?,
    alongside: UnsafePointer<sc_render_alongside>?
  ) -> ChannelSet {
    let buffers = stems ?? StemBuffers.none
    return buffers.withPointers { stemLeft, stemRight, returnLeft, returnRight in
      events.withMemoryRebound(to: sc_event.self) { raw in
        ChannelSet(
          rawValue: sc_ensemble_render_returns(
            ensemble.handle, team, UInt32(clamping: frameCount), raw.baseAddress,
            UInt32(raw.count), left, right, stems == nil ? nil : stemLeft,
            stems == nil ? nil : stemRight, returnLeft, returnRight, alongside))
      }
    }
  }

  /// CPU seconds the worker threads have used so far (the calling thread's own time is not
  /// included): with the calling thread's, what the renders cost.
  public var workerCPUSeconds: Double {
    team.map { sc_ensemble_team_worker_seconds($0) } ?? 0
  }

  /// Seconds the threads (the calling one included) have spent waiting for one another on the
  /// CPU, which their CPU time includes. Read it on the rendering thread, between render calls.
  public var waitingSeconds: Double {
    team.map { sc_ensemble_team_wait_seconds($0) } ?? 0
  }
}
