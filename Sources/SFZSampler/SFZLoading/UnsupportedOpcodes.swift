import CSamplerCore

/// The opcodes the engine deliberately does not render, each with the reason the loader quotes
/// in its "not rendered" warning. Everything else the SFZ table knows is either rendered or
/// still missing (and reported without a reason).
///
/// ```swift
/// UnsupportedOpcodes.reason(for: "effect1")  // "no effect buses: ..."
/// ```
enum UnsupportedOpcodes {
  /// One family of opcodes and why it makes no sound here.
  struct Entry: Sendable {
    /// How the family is written, for people reading the table.
    let pattern: String
    /// Why the engine leaves it out.
    let reason: String
    let matches: @Sendable (String) -> Bool
  }

  /// ARIA's engine sources the engine has (state/engine_sources.c).
  static let engineSources: Set<Int> = Set(
    [
      SC_SOURCE_HOST_TEMPO, SC_SOURCE_SAMPLE_RATE, SC_SOURCE_ENGINE_TIME, SC_SOURCE_SONG_POSITION,
      SC_SOURCE_INSTRUMENT_TIME, SC_SOURCE_SINCE_KEY_ON, SC_SOURCE_SINCE_KEY_OFF,
      SC_SOURCE_KEYS_DOWN, SC_SOURCE_ACTIVE_VOICES,
    ].map { Int($0) })

  /// Controller numbers with a source: MIDI 0...127, SFZ v2's 128...137, ARIA's 140 and
  /// 141 (key deltas) and the engine sources it has.
  static func hasSource(_ controller: Int) -> Bool {
    (0...137).contains(controller) || (140...141).contains(controller)
      || engineSources.contains(controller)
  }

  /// Every deliberately unrendered family.
  static let table: [Entry] = [
    Entry(
      pattern: "output, bus, effectN (N > 4)",
      reason: "no separate outputs: every region plays into the one stereo mix and its four "
        + "effect sends (effect1...effect4)",
      matches: { name in
        name == "output" || name == "bus" || (numbered(name, "effect").map { $0 > 4 } ?? false)
      }),
    Entry(
      pattern:
        "bitred, decim and their _onccN, _curveccN, _smoothccN, _stepccN; lfoN_/egN_ bitred, decim",
      reason: "the lo-fi effect's settings (corpus/spec opcodes/bitred.md, decim.md: \"used under "
        + "the <effect> header, with type=lofi\"): rendered there, with their controllers, not "
        + "per region",
      matches: { name in
        ["bitred", "decim"].contains { name.hasPrefix($0) }
          || v2Part(name, ["bitred", "decim"])
      }),
    Entry(
      pattern: "lfoN_/egN_ drive, driveshape, rectify, ringmod",
      reason: "targets of a distortion stage no page describes (syntax.yml lists the names and "
        + "nothing else), so there is nothing documented for them to move",
      matches: { v2Part($0, ["driveshape", "drive", "rectify", "ringmod"]) }),
    Entry(
      pattern: "stop_beats, reverse_loccN, reverse_hiccN, waveguide, egN_loop, egN_loop_count",
      reason: "ARIA, the reference player, renders none of them (corpus/spec opcodes/"
        + "stop_beats.md: \"seems to have no effect\"; reverse_loccN.md: \"Not implemented in "
        + "ARIA\"; waveguide.md: \"Not properly documented\"; egN_loop.md: \"either not "
        + "implemented in ARIA or sfizz\")",
      matches: { name in
        name == "stop_beats" || name == "waveguide"
          || v2Part(name, ["loop_count", "loop_shape", "loop"])
          || ["reverse_locc", "reverse_hicc"].contains { name.hasPrefix($0) }
      }),
    Entry(
      pattern: "sample_quality",
      reason: "one interpolation quality per engine, chosen by the host (--quality)",
      matches: { $0 == "sample_quality" }),
    Entry(
      pattern: "oscillator_quality, oscillator_table_size, oscillator_mod_*",
      reason: "an oscillator's cycle is read with the engine's interpolation (--quality), not "
        + "band-limited tables, and phase or frequency modulation between oscillators is not "
        + "rendered",
      matches: { name in
        ["oscillator_quality", "oscillator_table_size", "oscillator_mod_"].contains {
          name.hasPrefix($0)
        } && name != "oscillator_mod_depth"
      }),
    Entry(
      pattern: "cutoffN, resonanceN, filN_* (N >= 3)",
      reason: "two filters in series are rendered (SFZ v2); sfizz's third and further filters "
        + "are not",
      matches: { thirdFilter($0) }),
    Entry(
      pattern: "*ccN with N of 138, 139, 143, 146, 147, 149 or above 154",
      reason: "no source the engine has: 138 and 139 are unassigned, the host's transport (143) "
        + "and time signature (146, 147, and the position in the bar, 149) are not given to it, "
        + "ARIA's 155 ('last playahead') is not described, and numbers above it are "
        + "'strictly engine-dependent' (corpus/spec extensions/midi_ccs.md)",
      matches: { controllerAboveSources($0) }),
  ]

  /// The reason `name` is not rendered, when the table lists it.
  static func reason(for name: String) -> String? {
    table.first { $0.matches(name) }?.reason
  }

  /// `eg5_resonance2`, `lfo1_fil1gain_oncc3`: a v2 LFO or envelope name with one of `parts`.
  private static func v2Part(_ name: String, _ parts: [String]) -> Bool {
    guard let stem = ["lfo", "eg"].first(where: { name.hasPrefix($0) }) else { return false }
    let rest = name.dropFirst(stem.count)
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, rest.dropFirst(digits.count).first == "_" else { return false }
    let part = rest.dropFirst(digits.count + 1)
    for candidate in parts where part.hasPrefix(candidate) {
      let suffix = part.dropFirst(candidate.count)
      if suffix.isEmpty || suffix.hasPrefix("_") { return true }
    }
    return false
  }

  /// The number after `prefix` when that is all the name holds.
  private static func numbered(_ name: String, _ prefix: String) -> Int? {
    guard name.hasPrefix(prefix) else { return nil }
    let digits = name.dropFirst(prefix.count)
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII) else { return nil }
    return Int(digits)
  }

  /// `cutoff3`, `resonance4_oncc1`, `fil3_type`...
  private static func thirdFilter(_ name: String) -> Bool {
    for stem in ["cutoff", "resonance", "fil"] where name.hasPrefix(stem) {
      let digits = name.dropFirst(stem.count).prefix { $0.isASCII && $0.isNumber }
      if let n = Int(digits), n >= 3 { return true }
    }
    return false
  }

  /// Names with `cc` followed by a controller number no source can reach (`locc300`,
  /// `amplitude_oncc512`, `tune_curvecc200`).
  private static func controllerAboveSources(_ name: String) -> Bool {
    var rest = Substring(name)
    while let range = rest.range(of: "cc") {
      let digits = rest[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
      if let n = Int(digits), !hasSource(n) { return true }
      rest = rest[range.upperBound...]
    }
    return false
  }
}
