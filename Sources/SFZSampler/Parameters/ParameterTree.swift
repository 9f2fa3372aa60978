import CSamplerCore
import Foundation

/// Every engine-wide control of a ``Sampler`` as a parameter (``SamplerParameter``): listed,
/// found by identifier or address, read and set from any thread, and watched.
///
/// A value set here is what every thread reads back at once; the render thread takes it at the
/// start of its next render call, before that call's events, and a later value set before then
/// replaces it. Nothing is queued, so nothing is dropped. For a change on an exact frame, or a
/// ramp, put ``SamplerEvent/parameter(_:value:rampFrames:frame:)`` in the render call's events.
///
/// ```swift
/// sampler.parameters[.vibratoDepth] = 20
/// let cutoff = sampler.parameters.parameter(identifier: "filter.cutoff")!
/// sampler.parameters[cutoff] = 8
/// ```
///
/// Observers added with ``addObserver(_:)`` hear of every change: of a value set here (or through
/// the sampler's properties, presets and states) at once, on the thread that set it; of one made
/// by an event in a render call within about 10 ms, on a background queue, never on the render
/// thread.
public final class ParameterTree: @unchecked Sendable {
  /// Every parameter, by address.
  public let all: [SamplerParameter]
  private let engine: EngineHandle
  private let byIdentifier: [String: SamplerParameter]
  private let byAddress: [Int: SamplerParameter]
  let observers: ParameterObservers

  init(engine: EngineHandle) {
    self.engine = engine
    all = SamplerParameter.catalog.map { SamplerParameter($0, config: engine.config) }
    byIdentifier = Dictionary(uniqueKeysWithValues: all.map { ($0.identifier, $0) })
    byAddress = Dictionary(uniqueKeysWithValues: all.map { ($0.address, $0) })
    observers = ParameterObservers(engine: engine, parameters: all)
  }

  /// The parameter with this identifier (`ampEnvelope.attack`), or nil.
  public func parameter(identifier: String) -> SamplerParameter? { byIdentifier[identifier] }

  /// The parameter at this address, or nil.
  public func parameter(address: Int) -> SamplerParameter? { byAddress[address] }

  /// The groups, in the order their first parameters come (`master`, `voice`, ...).
  public var groups: [String] {
    var seen: [String] = []
    for parameter in all where !seen.contains(parameter.group) { seen.append(parameter.group) }
    return seen
  }

  /// The parameter's value in force: the last one set, or the target of the last event. Setting
  /// clamps to the parameter's range; a value that is not a finite number is ignored.
  public subscript(parameter: SamplerParameter) -> Float {
    get { sc_engine_parameter(engine.pointer, parameter.core) }
    set { setValue(newValue, of: parameter) }
  }

  /// Sets a value and tells the observers; ignored when it is not a finite number.
  func setValue(_ value: Float, of parameter: SamplerParameter) {
    guard sc_engine_set_parameter(engine.pointer, parameter.core, value) else { return }
    observers.notify(parameter, self[parameter])
  }

  /// Runs `body`, which sets several values, while observers are not being told of other
  /// changes and no other batch runs: two presets chosen at once do not mix.
  func batch(_ body: () -> Void) {
    observers.whileDelivering(body)
  }

  /// Adds an observer, called with the parameter and its new value after each change, and
  /// returns the token that removes it. Keep observers short: they run on the thread that set
  /// the value, or on the background queue that watches render-call events.
  public func addObserver(
    _ observer: @escaping @Sendable (SamplerParameter, Float) -> Void
  ) -> ParameterObserverToken {
    observers.add(observer)
  }

  /// Removes an observer. Once this returns, it is not called again (an observer may remove
  /// itself while it runs).
  public func removeObserver(_ token: ParameterObserverToken) {
    observers.remove(token)
  }
}
