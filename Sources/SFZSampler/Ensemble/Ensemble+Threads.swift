import CSamplerCore
import Dispatch

extension Ensemble {
  /// Whether render calls spread the instruments over every core (offline rendering: a file, a
  /// bounce) instead of rendering them one after another on the calling thread. Each
  /// instrument renders into buffers of its own and the mix adds them in the same order, so the
  /// output is the same bits either way. A render call then waits for other threads, so it is
  /// not for an audio callback. Set it before rendering, not while another thread renders.
  public var rendersOnAllCores: Bool {
    get { lock.withLock { spread } }
    set {
      lock.withLock {
        spread = newValue
        if newValue {
          sc_ensemble_set_for_each(handle, Self.concurrentForEach, nil)
        } else {
          sc_ensemble_set_for_each(handle, nil, nil)
        }
      }
    }
  }

  /// Runs the ensemble's per-instrument work on the system's worker threads, one item per
  /// instrument, returning once all are done.
  private static let concurrentForEach: sc_ensemble_for_each = { _, count, body, argument in
    nonisolated(unsafe) let shared = argument
    DispatchQueue.concurrentPerform(iterations: Int(count)) { index in
      body?(shared, UInt32(index))
    }
  }
}
