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
  }

  private func lfo(_ name: String, _ l: inout sc_lfo_params) {
    l.delay = float("\(name)_delay") ?? l.delay
    l.fade = float("\(name)_fade") ?? l.fade
    l.freq = float("\(name)_freq") ?? l.freq
    l.depth = float("\(name)_depth") ?? l.depth
  }
}
