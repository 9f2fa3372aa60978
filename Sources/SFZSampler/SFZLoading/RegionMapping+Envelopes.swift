import CSamplerCore
import SFZ

/// The SFZ v1 envelopes (`ampeg_*`, `fileg_*`, `pitcheg_*`) and LFOs (`amplfo_*`, `fillfo_*`,
/// `pitchlfo_*`), over the defaults sc_region_init gives them.
extension RegionMapping {
  /// Fills the three envelopes and the three LFOs.
  func applyEnvelopes(to r: inout sc_region) {
    envelope("ampeg", &r.ampeg)
    envelope("fileg", &r.fileg)
    envelope("pitcheg", &r.pitcheg)
    for (eg, bit) in [
      ("ampeg", SC_EG_DYNAMIC_AMP), ("fileg", SC_EG_DYNAMIC_FIL), ("pitcheg", SC_EG_DYNAMIC_PITCH),
    ] where region.string("\(eg)_dynamic") == "1" {
      r.eg_dynamic |= UInt8(bit)
    }
    lfo("amplfo", &r.amplfo)
    lfo("fillfo", &r.fillfo)
    lfo("pitchlfo", &r.pitchlfo)
  }

  /// Times are in seconds as SFZ writes them; `start` and `sustain` are percent in SFZ and a
  /// fraction in the engine.
  private func envelope(_ eg: String, _ e: inout sc_envelope_params) {
    e.delay = float("\(eg)_delay") ?? e.delay
    e.start = float("\(eg)_start").map { $0 / 100 } ?? e.start
    e.attack = float("\(eg)_attack") ?? e.attack
    e.hold = float("\(eg)_hold") ?? e.hold
    e.decay = float("\(eg)_decay") ?? e.decay
    e.sustain = float("\(eg)_sustain").map { $0 / 100 } ?? e.sustain
    e.release = float("\(eg)_release") ?? e.release
    e.depth = float("\(eg)_depth") ?? e.depth
    e.vel2delay = float("\(eg)_vel2delay") ?? e.vel2delay
    e.vel2attack = float("\(eg)_vel2attack") ?? e.vel2attack
    e.vel2hold = float("\(eg)_vel2hold") ?? e.vel2hold
    e.vel2decay = float("\(eg)_vel2decay") ?? e.vel2decay
    e.vel2sustain = float("\(eg)_vel2sustain").map { $0 / 100 } ?? e.vel2sustain
    e.vel2release = float("\(eg)_vel2release") ?? e.vel2release
    e.vel2depth = float("\(eg)_vel2depth") ?? e.vel2depth
    ariaShapes(eg, &e)
  }

  /// ARIA's default decay and release shape (corpus/spec syntax.yml, ampeg_decay_shape): its
  /// own name for the exponential fall the engine already gives those stages.
  private static let ariaDefaultShape: Float = -10.3616

  /// ARIA's `_attack_shape`, `_decay_shape`, `_release_shape` (ampeg_attack_shape.md: "0 is
  /// linear. Positive values are slower curves ... negative values faster") and `_decay_zero`,
  /// `_release_zero` (ampeg_decay_zero.md: at 0 "the decay always happen[s] during the entire
  /// time period specified by ampeg_decay, regardless of the current ampeg_sustain level").
  private func ariaShapes(_ eg: String, _ e: inout sc_envelope_params) {
    e.attack_shape = float("\(eg)_attack_shape") ?? e.attack_shape
    if let shape = float("\(eg)_decay_shape"), shape != Self.ariaDefaultShape {
      e.decay_shape = shape
      e.decay_shaped = true
    }
    if let shape = float("\(eg)_release_shape"), shape != Self.ariaDefaultShape {
      e.release_shape = shape
      e.release_shaped = true
    }
    e.decay_timed = region.string("\(eg)_decay_zero").map { $0 == "0" } ?? e.decay_timed
    e.release_timed = region.string("\(eg)_release_zero").map { $0 == "0" } ?? e.release_timed
  }

  private func lfo(_ name: String, _ l: inout sc_lfo_params) {
    l.delay = float("\(name)_delay") ?? l.delay
    l.fade = float("\(name)_fade") ?? l.fade
    l.freq = float("\(name)_freq") ?? l.freq
    l.depth = float("\(name)_depth") ?? l.depth
  }
}
