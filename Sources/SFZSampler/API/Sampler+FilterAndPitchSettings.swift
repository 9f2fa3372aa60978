extension Sampler {
  /// Whether every voice goes through the sampler's own resonant low-pass filter, after the
  /// instrument's filters (`filter.enable`); off by default.
  public var isFilterEnabled: Bool {
    get { parameters[.filterEnable] != 0 }
    set { parameters[.filterEnable] = newValue ? 1 : 0 }
  }

  /// The filter's cutoff as a multiple of the key's tracked frequency (`filter.cutoff`).
  public var filterCutoff: Float {
    get { parameters[.filterCutoff] }
    set { parameters[.filterCutoff] = newValue }
  }

  /// Multiples of the tracked frequency the filter envelope adds to ``filterCutoff`` at its
  /// peak (`filter.strength`).
  public var filterStrength: Float {
    get { parameters[.filterStrength] }
    set { parameters[.filterStrength] = newValue }
  }

  /// Resonance at the cutoff in decibels (`filter.resonance`).
  public var filterResonance: Float {
    get { parameters[.filterResonance] }
    set { parameters[.filterResonance] = newValue }
  }

  /// How far the cutoff follows the key: 1 fully, 0 fixed at middle C's (`filter.keyTracking`).
  public var keyTrackingFraction: Float {
    get { parameters[.filterKeyTracking] }
    set { parameters[.filterKeyTracking] = newValue }
  }

  /// How much velocity scales the filter envelope, 0 (not at all) ... 1
  /// (`filterEnvelope.velocityScaling`).
  public var filterEnvelopeVelocityScaling: Float {
    get { parameters[.filterEnvelopeVelocityScaling] }
    set { parameters[.filterEnvelopeVelocityScaling] = newValue }
  }

  /// The filter envelope's attack in seconds (`filterEnvelope.attack`).
  public var filterAttackDuration: Float {
    get { parameters[.filterAttack] }
    set { parameters[.filterAttack] = newValue }
  }

  /// The filter envelope's decay in seconds (`filterEnvelope.decay`).
  public var filterDecayDuration: Float {
    get { parameters[.filterDecay] }
    set { parameters[.filterDecay] = newValue }
  }

  /// The filter envelope's sustain level, 0...1 (`filterEnvelope.sustain`).
  public var filterSustainLevel: Float {
    get { parameters[.filterSustain] }
    set { parameters[.filterSustain] = newValue }
  }

  /// The filter envelope's release in seconds (`filterEnvelope.release`).
  public var filterReleaseDuration: Float {
    get { parameters[.filterRelease] }
    set { parameters[.filterRelease] = newValue }
  }

  /// The pitch envelope's attack in seconds (`pitchEnvelope.attack`).
  public var pitchAttackDuration: Float {
    get { parameters[.pitchAttack] }
    set { parameters[.pitchAttack] = newValue }
  }

  /// The pitch envelope's decay in seconds (`pitchEnvelope.decay`).
  public var pitchDecayDuration: Float {
    get { parameters[.pitchDecay] }
    set { parameters[.pitchDecay] = newValue }
  }

  /// The pitch envelope's sustain level, 0...1 (`pitchEnvelope.sustain`).
  public var pitchSustainLevel: Float {
    get { parameters[.pitchSustain] }
    set { parameters[.pitchSustain] = newValue }
  }

  /// The pitch envelope's release in seconds (`pitchEnvelope.release`).
  public var pitchReleaseDuration: Float {
    get { parameters[.pitchRelease] }
    set { parameters[.pitchRelease] = newValue }
  }

  /// Semitones the pitch envelope moves every voice at its peak; 0 is off
  /// (`pitchEnvelope.semitones`).
  public var pitchADSRSemitones: Float {
    get { parameters[.pitchEnvelopeSemitones] }
    set { parameters[.pitchEnvelopeSemitones] = newValue }
  }

  /// Depth in cents of each voice's own vibrato (`voiceVibrato.depth`); 0 is off.
  public var voiceVibratoDepth: Float {
    get { parameters[.voiceVibratoDepth] }
    set { parameters[.voiceVibratoDepth] = newValue }
  }

  /// Rate in hertz of each voice's own vibrato (`voiceVibrato.rate`).
  public var voiceVibratoFrequency: Float {
    get { parameters[.voiceVibratoRate] }
    set { parameters[.voiceVibratoRate] = newValue }
  }

  /// Whether each voice's vibrato starts at phase 0 with its note (true), or where the
  /// free-running phase is, so that notes do not move in step (false, the default;
  /// `voiceVibrato.restart`).
  public var restartVoiceLFO: Bool {
    get { parameters[.restartVoiceLFO] != 0 }
    set { parameters[.restartVoiceLFO] = newValue ? 1 : 0 }
  }
}
