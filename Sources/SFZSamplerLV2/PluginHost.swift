import CSFZSamplerLV2
import Foundation
@_spi(Plugin) import SFZSampler

/// One plugin instance's Swift half: the sampler whose engine the C half renders. Used from the
/// host's worker and state threads, never from run().
final class PluginHost: Sendable {
  let sampler: Sampler
  /// The parameters with control ports, in port order.
  let parameters: [SamplerParameter]

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
      return true
    } catch {
      log(SFZLV2_LOG_ERROR, error.description)
      return false
    }
  }

  /// Frees the instruments the engine has let go of.
  func collect() { sampler.freeRetiredInstruments() }

  /// What a host's session keeps of the instance.
  func save() throws(StateError) -> PluginState { try PluginState(of: sampler) }

  /// Reads both saved documents (one that cannot be read leaves the instance as it was), loads
  /// the saved instrument (or none), then sets the parameters and document settings the
  /// documents carry; what they leave out keeps its value, since a host's preset may hold only
  /// the instrument. The path used is the one the host mapped; the one inside the state only
  /// tells whether the file changed since. Returns the identifiers of the parameters set, or nil
  /// when the restore failed.
  func restore(_ saved: PluginState, log: (sfzlv2_log_level, String) -> Void) -> Set<String>? {
    let state: SamplerState?
    let document: SamplerDocumentState?
    do {
      (state, document) = try saved.decoded()
    } catch {
      log(SFZLV2_LOG_ERROR, error.description)
      return nil
    }
    var restored = true
    if let path = saved.instrumentPath {
      restored = load(path: path, log: log)
      if restored, let before = state?.instrument?.contentHash,
        let now = sampler.instrumentReference?.contentHash, before != now
      {
        log(SFZLV2_LOG_WARNING, "\(path) has changed since it was saved (\(before), now \(now))")
      }
    } else {
      sampler.unloadAllSamples()
    }
    var carried: Set<String> = []
    do {
      if var state {
        carried = Set(state.parameters.keys)
        for parameter in sampler.parameters.all where !carried.contains(parameter.identifier) {
          state.parameters[parameter.identifier] = sampler.parameters[parameter]
        }
        try sampler.setFullState(state)
      }
      if let document {
        try sampler.setDocumentState(document)
        carried.insert(SamplerParameter.masterTune.identifier)
      }
    } catch {
      log(SFZLV2_LOG_ERROR, error.description)
      restored = false
    }
    return restored ? carried : nil
  }
}
