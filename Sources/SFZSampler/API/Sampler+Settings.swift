extension Sampler {
  /// Seconds added to the amplitude envelope's attack (`ampEnvelope.attack`) of every region,
  /// those of an SFZ instrument and those ``buildKeyMap()`` and ``buildSimpleKeyMap()`` make
  /// alike; notes started after a change take it.
  public var attackDuration: Float {
    get { parameters[.ampAttack] }
    set { parameters[.ampAttack] = newValue }
  }
  /// Seconds added to the amplitude envelope's hold (`ampEnvelope.hold`); see
  /// ``attackDuration``.
  public var holdDuration: Float {
    get { parameters[.ampHold] }
    set { parameters[.ampHold] = newValue }
  }
  /// Seconds added to the amplitude envelope's decay (`ampEnvelope.decay`); see
  /// ``attackDuration``.
  public var decayDuration: Float {
    get { parameters[.ampDecay] }
    set { parameters[.ampDecay] = newValue }
  }
  /// The amplitude envelope's sustain level, 0...1, scaling a region's own
  /// (`ampEnvelope.sustain`); see ``attackDuration``.
  public var sustainLevel: Float {
    get { parameters[.ampSustain] }
    set { parameters[.ampSustain] = newValue }
  }
  /// Seconds added to the amplitude envelope's release (`ampEnvelope.release`); key-map regions
  /// release over 10 ms more than this, so that nothing clicks. See ``attackDuration``.
  public var releaseDuration: Float {
    get { parameters[.ampRelease] }
    set { parameters[.ampRelease] = newValue }
  }

  /// Output gain, linear (1 = unity; `master.volume`).
  public var masterVolume: Float {
    get { parameters[.masterVolume] }
    set { parameters[.masterVolume] = newValue }
  }

  /// One voice per channel; a new note replaces the sounding one (`voice.monophonic`).
  public var isMonophonic: Bool {
    get { parameters[.monophonic] != 0 }
    set { parameters[.monophonic] = newValue ? 1 : 0 }
  }

  /// In monophonic mode, a note played while another is held changes pitch without restarting
  /// (`voice.legato`).
  public var isLegato: Bool {
    get { parameters[.legato] != 0 }
    set { parameters[.legato] = newValue ? 1 : 0 }
  }

  /// Glide time in seconds per octave for monophonic playing; 0 jumps at once
  /// (`voice.glideRate`).
  public var glideRate: Float {
    get { parameters[.glideRate] }
    set { parameters[.glideRate] = newValue }
  }

  /// Depth in cents of a vibrato added to every voice (`vibrato.depth`); 0, the default, is off.
  /// It does not follow the mod wheel: an SFZ instrument's CC1 does only what its opcodes say.
  public var vibratoDepth: Float {
    get { parameters[.vibratoDepth] }
    set { parameters[.vibratoDepth] = newValue }
  }

  /// The rate in hertz of the ``vibratoDepth`` vibrato (`vibrato.rate`).
  public var vibratoFrequency: Float {
    get { parameters[.vibratoRate] }
    set { parameters[.vibratoRate] = newValue }
  }

  /// Pitch-bend range in semitones for every region; 0 uses each region's own range. The
  /// `tuning.pitchBendRange` parameter holds it in cents (100 times this).
  public var pitchBendRange: Float {
    get { parameters[.pitchBendRange] / 100 }
    set { parameters[.pitchBendRange] = newValue * 100 }
  }
}
