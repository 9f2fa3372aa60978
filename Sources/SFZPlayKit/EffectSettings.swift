import SFZSampler

/// The reverb and chorus a render plays with (`--no-effects`, `--reverb`, `--reverb-decay`,
/// `--chorus`): what the options say, over whatever a preset or state set. Unset options leave
/// the parameters as they are.
struct EffectSettings: Equatable {
  /// False with `--no-effects`: the dry mix alone, bit for bit.
  var isEnabled = true
  /// The reverb's and the chorus's return levels (linear) and the reverb's RT60 in seconds.
  var reverbLevel: Float?
  var reverbDecay: Float?
  var chorusLevel: Float?

  /// Sets the effects an ensemble's instruments share, and whether they send at all.
  func apply(to ensemble: Ensemble) {
    ensemble.setEffect(.effects, to: isEnabled ? 1 : 0)
    for instrument in ensemble.instruments {
      instrument.sampler.parameters[.effects] = isEnabled ? 1 : 0
    }
    if let reverbLevel { ensemble.setEffect(.reverbLevel, to: reverbLevel) }
    if let reverbDecay { ensemble.setEffect(.reverbDecay, to: reverbDecay) }
    if let chorusLevel { ensemble.setEffect(.chorusLevel, to: chorusLevel) }
  }

  /// Sets the sampler's effect parameters.
  func apply(to sampler: Sampler) {
    sampler.parameters[.effects] = isEnabled ? 1 : 0
    if let reverbLevel { sampler.parameters[.reverbLevel] = reverbLevel }
    if let reverbDecay { sampler.parameters[.reverbDecay] = reverbDecay }
    if let chorusLevel { sampler.parameters[.chorusLevel] = chorusLevel }
  }
}
