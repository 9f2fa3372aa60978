/// The opcode table, written by hand from the SFZ format documentation. Split by area into
/// `OpcodeEntries+*.swift`; this file holds the helpers that keep entries one line each.
enum OpcodeEntries {
  /// Every entry. CC modulation depths (`*_onccN`) carry no range: the documented ranges are
  /// advisory there, players apply larger depths and real instruments use them
  /// (`amplitude_oncc11=200`), so clamping would change how they sound.
  static let all: [SFZOpcodeSpec] =
    (samplePlayback + instrumentSettings + regionLogic + amplifier + equalizer + filter + pitch
    + envelopes + lfos + flexModulation + effects).map { entry in
      var entry = entry
      if entry.pattern.contains("_onccN") || entry.pattern.contains("_onccX")
        || entry.pattern.contains("_onccY")
      {
        entry.range = nil
      }
      return entry
    }

  static func int(
    _ name: String, _ range: ClosedRange<Double>? = nil, _ version: SFZSpecVersion,
    aliases: [String] = []
  ) -> SFZOpcodeSpec {
    SFZOpcodeSpec(name, .int, range, version, aliases: aliases)
  }

  static func float(
    _ name: String, _ range: ClosedRange<Double>? = nil, _ version: SFZSpecVersion,
    aliases: [String] = []
  ) -> SFZOpcodeSpec {
    SFZOpcodeSpec(name, .float, range, version, aliases: aliases)
  }

  static func note(_ name: String, _ version: SFZSpecVersion, aliases: [String] = [])
    -> SFZOpcodeSpec
  {
    SFZOpcodeSpec(name, .note, 0...127, version, aliases: aliases)
  }

  static func text(_ name: String, _ version: SFZSpecVersion, aliases: [String] = [])
    -> SFZOpcodeSpec
  {
    SFZOpcodeSpec(name, .string, nil, version, aliases: aliases)
  }

  static func choice(
    _ name: String, _ words: [String], _ version: SFZSpecVersion, aliases: [String] = []
  ) -> SFZOpcodeSpec {
    SFZOpcodeSpec(name, .choice(words), nil, version, aliases: aliases)
  }

  /// MIDI data range 0...127 used by many conditions.
  static let midi: ClosedRange<Double> = 0...127
  /// Envelope and delay times in seconds.
  static let seconds: ClosedRange<Double> = 0...100
  /// Percent -100...100 (velocity tracking and the like).
  static let percent: ClosedRange<Double> = -100...100
  /// Cents depth of modulators.
  static let cents: ClosedRange<Double> = -12000...12000
  /// Curve shapes for crossfades.
  static let crossfadeCurves = ["gain", "power"]
}
