import CSFZSamplerLV2
import CSamplerCore

/// How a parameter's control port is shown to hosts.
public enum PortKind: Sendable {
  /// A continuous value.
  case continuous
  /// Off (0) or on (1).
  case toggle
  /// Whole numbers only.
  case integer
  /// One of the listed values, each with its label.
  case choice([(value: Int, label: String)])
}

/// The LV2 unit of a parameter (http://lv2plug.in/ns/extensions/units#).
public enum PortUnit: String, Sendable {
  /// A plain factor.
  case coefficient = "coef"
  /// Seconds.
  case seconds = "s"
  /// Hertz.
  case hertz = "hz"
  /// Cents.
  case cents = "cent"
  /// Decibels.
  case decibels = "db"
  /// Semitones.
  case semitones = "semitone12TET"
}

/// One engine parameter with a control input port: its identifier in the parameter tree, its
/// engine number, and how hosts show it. Range and default come from the engine.
public struct PluginParameter: Sendable {
  /// The identifier in the parameter tree, such as `ampEnvelope.attack`.
  public let identifier: String
  /// The engine's number for it.
  public let number: sc_param
  /// What hosts show.
  public let name: String
  /// Its unit, or nil for a switch, a count or a choice.
  public let unit: PortUnit?
  /// How hosts show its values.
  public let kind: PortKind

  /// The port symbol: the identifier with `.` replaced by `_`, since LV2 symbols are C
  /// identifiers.
  public var symbol: String { identifier.replacingOccurrences(of: ".", with: "_") }

  /// The patch property a host sets it with, sample-accurately, through the control port.
  public var uri: String { SFZLV2_URI_PREFIX + identifier }

  /// Range, default and whether it ramps, as the plugin's engine applies them.
  public var info: sc_param_info {
    var config = sc_engine_config()
    sc_engine_config_init(&config)
    config.max_voices = UInt32(PluginPorts.maximumPolyphony)
    config.quality = SC_QUALITY_HERMITE
    var info = sc_param_info()
    precondition(sc_param_get_info(number, &config, &info), "unknown parameter \(identifier)")
    return info
  }
}

/// The plugin's ports: the fixed ones (sfzsampler_lv2.h) and one control input per parameter.
public enum PluginPorts {
  /// Voices the plugin's sampler may sound at once: the maximum and default of
  /// `voice.polyphony`.
  public static let maximumPolyphony = 128

  /// The parameters with control ports, in port order from `SFZLV2_PORT_FIRST_PARAMETER`. Tempo
  /// has none: it comes from the host's time:Position.
  public static let parameters: [PluginParameter] = [
    .init("master.volume", SC_PARAM_MASTER_GAIN, "Master volume", .coefficient),
    .init("voice.loopThroughRelease", SC_PARAM_LOOP_THRU_RELEASE, "Loop through release", .toggle),
    .init("voice.monophonic", SC_PARAM_MONOPHONIC, "Monophonic", .toggle),
    .init("voice.legato", SC_PARAM_LEGATO, "Legato", .toggle),
    .init("voice.glideRate", SC_PARAM_GLIDE_RATE, "Glide (seconds per octave)", .seconds),
    .init("vibrato.depth", SC_PARAM_VIBRATO_DEPTH, "Vibrato depth", .cents),
    .init("vibrato.rate", SC_PARAM_VIBRATO_RATE, "Vibrato rate", .hertz),
    .init("tuning.pitchBendRange", SC_PARAM_PITCH_BEND_RANGE, "Pitch bend range", .cents),
    .init("ampEnvelope.attack", SC_PARAM_AMP_ATTACK, "Amp attack", .seconds),
    .init("ampEnvelope.hold", SC_PARAM_AMP_HOLD, "Amp hold", .seconds),
    .init("ampEnvelope.decay", SC_PARAM_AMP_DECAY, "Amp decay", .seconds),
    .init("ampEnvelope.sustain", SC_PARAM_AMP_SUSTAIN, "Amp sustain", .coefficient),
    .init("ampEnvelope.release", SC_PARAM_AMP_RELEASE, "Amp release", .seconds),
    .init("filter.enable", SC_PARAM_FILTER_ENABLE, "Filter", .toggle),
    .init("filter.cutoff", SC_PARAM_FILTER_CUTOFF, "Filter cutoff (multiple)", .coefficient),
    .init("filter.strength", SC_PARAM_FILTER_STRENGTH, "Filter envelope strength", .coefficient),
    .init("filter.resonance", SC_PARAM_FILTER_RESONANCE, "Filter resonance", .decibels),
    .init("filter.keyTracking", SC_PARAM_FILTER_KEY_TRACKING, "Filter key tracking", .coefficient),
    .init(
      "filterEnvelope.velocityScaling", SC_PARAM_FILTER_ENVELOPE_VELOCITY,
      "Filter envelope velocity scaling", .coefficient),
    .init("filterEnvelope.attack", SC_PARAM_FILTER_ATTACK, "Filter attack", .seconds),
    .init("filterEnvelope.decay", SC_PARAM_FILTER_DECAY, "Filter decay", .seconds),
    .init("filterEnvelope.sustain", SC_PARAM_FILTER_SUSTAIN, "Filter sustain", .coefficient),
    .init("filterEnvelope.release", SC_PARAM_FILTER_RELEASE, "Filter release", .seconds),
    .init("pitchEnvelope.attack", SC_PARAM_PITCH_ATTACK, "Pitch attack", .seconds),
    .init("pitchEnvelope.decay", SC_PARAM_PITCH_DECAY, "Pitch decay", .seconds),
    .init("pitchEnvelope.sustain", SC_PARAM_PITCH_SUSTAIN, "Pitch sustain", .coefficient),
    .init("pitchEnvelope.release", SC_PARAM_PITCH_RELEASE, "Pitch release", .seconds),
    .init(
      "pitchEnvelope.semitones", SC_PARAM_PITCH_ENVELOPE_SEMITONES, "Pitch envelope amount",
      .semitones),
    .init("voiceVibrato.depth", SC_PARAM_VOICE_VIBRATO_DEPTH, "Voice vibrato depth", .cents),
    .init("voiceVibrato.rate", SC_PARAM_VOICE_VIBRATO_RATE, "Voice vibrato rate", .hertz),
    .init(
      "voiceVibrato.restart", SC_PARAM_RESTART_VOICE_LFO, "Restart voice vibrato per note",
      .toggle),
    .init(
      "voice.quality", SC_PARAM_QUALITY, "Interpolation",
      .choice([
        (Int(SC_QUALITY_LINEAR.rawValue), "Linear"), (Int(SC_QUALITY_HERMITE.rawValue), "Hermite"),
        (Int(SC_QUALITY_SINC.rawValue), "Sinc"),
      ])),
    .init("voice.polyphony", SC_PARAM_POLYPHONY, "Polyphony", .integer),
    .init("tuning.masterTune", SC_PARAM_MASTER_TUNE, "Master tune", .cents),
  ]

  /// The control port of parameter `index` of ``parameters``.
  public static func portIndex(ofParameter index: Int) -> Int {
    Int(SFZLV2_PORT_FIRST_PARAMETER) + index
  }
}

extension PluginParameter {
  fileprivate init(_ identifier: String, _ number: sc_param, _ name: String, _ unit: PortUnit) {
    self.init(identifier: identifier, number: number, name: name, unit: unit, kind: .continuous)
  }

  fileprivate init(_ identifier: String, _ number: sc_param, _ name: String, _ kind: PortKind) {
    self.init(identifier: identifier, number: number, name: name, unit: nil, kind: kind)
  }
}
