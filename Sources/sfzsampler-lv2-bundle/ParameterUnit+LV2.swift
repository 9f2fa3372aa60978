import SFZSampler

extension ParameterUnit {
  /// The LV2 unit (http://lv2plug.in/ns/extensions/units#) a host shows beside the value, or nil
  /// for a switch, a choice, a count or a plain number.
  var lv2Unit: String? {
    switch self {
    case .seconds: return "s"
    case .milliseconds: return "ms"
    case .hertz: return "hz"
    case .cents: return "cent"
    case .semitones: return "semitone12TET"
    case .decibels: return "db"
    case .linearGain: return "coef"
    case .generic, .ratio, .boolean, .indexed, .voices: return nil
    }
  }

  /// The lv2core port properties that tell a host how to show the control.
  var lv2PortProperties: [String] {
    switch self {
    case .boolean: return ["lv2:toggled"]
    case .indexed: return ["lv2:integer", "lv2:enumeration"]
    case .voices: return ["lv2:integer"]
    case .generic, .linearGain, .ratio, .seconds, .milliseconds, .hertz, .cents, .semitones,
      .decibels:
      return []
    }
  }
}
