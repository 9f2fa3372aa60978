import CSFZSamplerLV2
import Foundation
@_spi(Plugin) import SFZSampler

/// One plugin instance's Swift half: the sampler whose engine the C half renders, and the path
/// of the instrument it loaded. Used from the host's worker and state threads, never from run().
final class PluginHost: @unchecked Sendable {
  let sampler: Sampler
  /// The parameters with control ports, in port order.
  let parameters: [SamplerParameter]
  /// Guards `instrumentPath`: saving may run on another thread than the worker.
  private let lock = NSLock()
  private var instrumentPath: String?

  init(sampleRate: Double) {
    sampler = PluginPorts.sampler(sampleRate: sampleRate)
    parameters = PluginPorts.parameters(of: sampler)
  }

  var engine: OpaquePointer { sampler.enginePointer }

  /// Loads an SFZ instrument, which the engine swaps in with a fade; reports its problems.
  func load(path: String, log: (sfzlv2_log_level, String) -> Void) -> Bool {
    do {
      let report = try sampler.loadInstrument(url: URL(fileURLWithPath: path))
      for diagnostic in report.diagnostics { log(SFZLV2_LOG_WARNING, "\(diagnostic)") }
      log(
        SFZLV2_LOG_NOTE,
        "loaded \(path): \(report.regionCount) regions, \(report.sampleCount) samples in "
          + String(format: "%.2f s", report.loadSeconds))
      lock.withLock { instrumentPath = path }
      return true
    } catch {
      log(SFZLV2_LOG_ERROR, error.description)
      return false
    }
  }

  /// Frees the instruments the engine has let go of.
  func collect() { sampler.freeRetiredInstruments() }

  /// The loaded instrument's path and the parameters in force.
  func save() -> (path: String?, state: PluginState) {
    (lock.withLock { instrumentPath }, PluginState(engine: engine, parameters: parameters))
  }

  /// Loads the saved instrument (or none) and applies the saved parameters.
  func restore(path: String?, state: String?, log: (sfzlv2_log_level, String) -> Void) -> Bool {
    var restored = true
    if let path {
      restored = load(path: path, log: log)
    } else {
      sampler.unloadAllSamples()
      lock.withLock { instrumentPath = nil }
    }
    do {
      let saved = try state.map { json throws(PluginStateError) in try PluginState(json: json) }
      let unknown = (saved ?? PluginState(parameters: [:])).apply(
        to: engine, parameters: parameters)
      for identifier in unknown {
        log(SFZLV2_LOG_WARNING, "the saved state names an unknown parameter \(identifier)")
      }
    } catch {
      log(SFZLV2_LOG_ERROR, error.description)
      restored = false
    }
    return restored
  }
}
