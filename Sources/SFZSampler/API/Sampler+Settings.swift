import CSamplerCore

/// The engine-wide settings a `Sampler` keeps, so that reading a property gives back what was
/// set even though the engine applies it on the render thread.
struct SamplerSettings: Sendable {
  var attackDuration: Float = 0
  var holdDuration: Float = 0
  var decayDuration: Float = 0
  var sustainLevel: Float = 1
  var releaseDuration: Float = 0.01
  var masterVolume: Float = 1
  var isMonophonic = false
  var isLegato = false
  var glideRate: Float = 0
  var vibratoDepth: Float = 0
  var pitchBendRange: Float = 0
}

extension Sampler {
  /// Amplitude envelope given to regions built by `buildKeyMap` and `buildSimpleKeyMap`
  /// (seconds; sustain 0...1). SFZ instruments bring their own envelopes.
  public var attackDuration: Float {
    get { setting(\.attackDuration) }
    set { set(\.attackDuration, newValue) }
  }
  /// See `attackDuration`.
  public var holdDuration: Float {
    get { setting(\.holdDuration) }
    set { set(\.holdDuration, newValue) }
  }
  /// See `attackDuration`.
  public var decayDuration: Float {
    get { setting(\.decayDuration) }
    set { set(\.decayDuration, newValue) }
  }
  /// See `attackDuration`.
  public var sustainLevel: Float {
    get { setting(\.sustainLevel) }
    set { set(\.sustainLevel, newValue) }
  }
  /// See `attackDuration`.
  public var releaseDuration: Float {
    get { setting(\.releaseDuration) }
    set { set(\.releaseDuration, newValue) }
  }

  /// Output gain, linear (1 = unity).
  public var masterVolume: Float {
    get { setting(\.masterVolume) }
    set { set(\.masterVolume, newValue, SC_PARAM_MASTER_GAIN, newValue) }
  }

  /// One voice per channel; a new note replaces the sounding one.
  public var isMonophonic: Bool {
    get { setting(\.isMonophonic) }
    set { set(\.isMonophonic, newValue, SC_PARAM_MONOPHONIC, newValue ? 1 : 0) }
  }

  /// In monophonic mode, a note played while another is held changes pitch without restarting.
  public var isLegato: Bool {
    get { setting(\.isLegato) }
    set { set(\.isLegato, newValue, SC_PARAM_LEGATO, newValue ? 1 : 0) }
  }

  /// Glide time in seconds per octave for monophonic playing; 0 jumps at once.
  public var glideRate: Float {
    get { setting(\.glideRate) }
    set { set(\.glideRate, newValue, SC_PARAM_GLIDE_RATE, newValue) }
  }

  /// Depth in cents of a vibrato added to every voice (the AKSampler-style parameter); 0, the
  /// default, is off. It does not follow the mod wheel: an SFZ instrument's CC1 does only what its
  /// opcodes say.
  public var vibratoDepth: Float {
    get { setting(\.vibratoDepth) }
    set { set(\.vibratoDepth, newValue, SC_PARAM_VIBRATO_DEPTH, newValue) }
  }

  /// Pitch-bend range in semitones for every region; 0 uses each region's own range.
  public var pitchBendRange: Float {
    get { setting(\.pitchBendRange) }
    set { set(\.pitchBendRange, newValue, SC_PARAM_PITCH_BEND_RANGE, newValue * 100) }
  }

  private func setting<Value>(_ key: KeyPath<SamplerSettings, Value>) -> Value {
    lock.withLock { settings[keyPath: key] }
  }

  /// Stores the value and, for settings the engine applies, queues the parameter event under the
  /// same lock, so the engine ends with the value the last writer stored.
  private func set<Value>(
    _ key: WritableKeyPath<SamplerSettings, Value>, _ value: Value, _ parameter: sc_param? = nil,
    _ engineValue: Float = 0
  ) {
    lock.withLock {
      settings[keyPath: key] = value
      if let parameter { engine.post(SamplerEvent.parameter(parameter, engineValue).raw) }
    }
  }
}
