import CSamplerCore
import Dispatch
import Foundation

/// The observers of a ``ParameterTree``, and the poll that tells them of changes made by events
/// in render calls. The render thread only marks what changed (`sc_engine_take_parameter_changes`
/// collects the marks); a timer on a background queue turns the marks into calls, every
/// `pollInterval`, while at least one observer is registered.
final class ParameterObservers: @unchecked Sendable {
  typealias Observer = @Sendable (SamplerParameter, Float) -> Void

  /// How often render-call changes are looked for: short enough for a user interface to follow
  /// an automation ramp, long enough to cost nothing.
  static let pollInterval = DispatchTimeInterval.milliseconds(10)

  private let engine: EngineHandle
  private let byAddress: [Int: SamplerParameter]
  /// Guards `registered`, `nextID` and `timer`.
  private let lock = NSLock()
  private var registered: [UInt64: Observer] = [:]
  private var nextID: UInt64 = 0
  private var timer: DispatchSourceTimer?
  /// Held while observers are called and while one is removed, so that an observer is never
  /// called after its removal returned; recursive, so an observer may set values or remove itself.
  private let delivery = NSRecursiveLock()
  private let queue = DispatchQueue(label: "SFZSampler.parameter-observers", qos: .utility)

  init(engine: EngineHandle, parameters: [SamplerParameter]) {
    self.engine = engine
    byAddress = Dictionary(uniqueKeysWithValues: parameters.map { ($0.address, $0) })
  }

  deinit {
    timer?.cancel()
  }

  func add(_ observer: @escaping Observer) -> ParameterObserverToken {
    lock.withLock {
      nextID += 1
      registered[nextID] = observer
      if timer == nil { startPolling() }
      return ParameterObserverToken(id: nextID)
    }
  }

  func remove(_ token: ParameterObserverToken) {
    delivery.withLock {
      lock.withLock {
        registered[token.id] = nil
        if registered.isEmpty {
          timer?.cancel()
          timer = nil
        }
      }
    }
  }

  /// Runs `body` holding the delivery lock. Taking it first, as every path that reaches the
  /// observers does, keeps the locks in one order.
  func whileDelivering(_ body: () -> Void) {
    delivery.withLock(body)
  }

  /// Tells every observer of a change.
  func notify(_ parameter: SamplerParameter, _ value: Float) {
    delivery.withLock {
      let ids = lock.withLock { registered.keys.sorted() }
      for id in ids {
        // one removed by an observer called before it is skipped
        guard let observer = lock.withLock({ registered[id] }) else { continue }
        observer(parameter, value)
      }
    }
  }

  /// Starts the timer; under `lock`. Changes made before anyone watched are dropped: an observer
  /// hears of changes made after it was added.
  private func startPolling() {
    _ = sc_engine_take_parameter_changes(engine.pointer)
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: .now() + Self.pollInterval, repeating: Self.pollInterval)
    timer.setEventHandler { [weak self] in self?.poll() }
    timer.resume()
    self.timer = timer
  }

  private func poll() {
    var changed = sc_engine_take_parameter_changes(engine.pointer)
    while changed != 0 {
      let address = changed.trailingZeroBitCount
      changed &= changed - 1
      // the tempo is a parameter of the engine but not of the tree
      guard let parameter = byAddress[address] else { continue }
      notify(parameter, sc_engine_parameter(engine.pointer, parameter.core))
    }
  }
}
