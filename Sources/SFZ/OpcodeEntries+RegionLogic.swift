extension OpcodeEntries {
  /// Bounds on ARIA's engine sources 142...155 (corpus/spec extensions/midi_ccs.md: tempo,
  /// transport, sample rate, times, time signature, song position, keys, voices), each in its
  /// own units, from 0 with no documented top, as `lohdcc151`/`hihdcc151` (the page: "it also
  /// requires using hdcc to function properly").
  static let engineSourceConditions: [SFZOpcodeSpec] = (142...155).flatMap { n in
    [
      float("lohdcc\(n)", 0...Double.greatestFiniteMagnitude, .aria),
      float("hihdcc\(n)", 0...Double.greatestFiniteMagnitude, .aria),
    ]
  }

  static let regionLogic: [SFZOpcodeSpec] =
    [
      // -1 is kept: `hikey=-1` is the usual way to make a region answer only to CC triggers.
      SFZOpcodeSpec("key", .note, -1...127, .v1),
      SFZOpcodeSpec("lokey", .note, -1...127, .v1),
      SFZOpcodeSpec("hikey", .note, -1...127, .v1),
      // The documentation says 1...127, but real instruments write `lovel=0` and players take it.
      int("lovel", midi, .v1),
      int("hivel", midi, .v1),
      int("lochan", 1...16, .v1),
      int("hichan", 1...16, .v1),
      int("loccN", midi, .v1),
      int("hiccN", midi, .v1),
      float("lohdccN", 0...1, .aria),
      float("hihdccN", 0...1, .aria),
      // ARIA's key deltas are half-steps, not 0...1 (corpus/spec extensions/midi_ccs.md)
      float("lohdcc140", -127...127, .aria),
      float("hihdcc140", -127...127, .aria),
      float("lohdcc141", 0...127, .aria),
      float("hihdcc141", 0...127, .aria),
    ] + engineSourceConditions + [
      int("lobend", -8192...8192, .v1),
      int("hibend", -8192...8192, .v1),
      note("sw_lokey", .v1),
      note("sw_hikey", .v1),
      note("sw_last", .v1),
      note("sw_lolast", .aria),
      note("sw_hilast", .aria),
      note("sw_down", .v1),
      note("sw_up", .v1),
      note("sw_previous", .v1),
      note("sw_default", .v2),
      choice("sw_vel", ["current", "previous"], .v1),
      text("sw_label", .aria),
      choice("sustain_sw", ["on", "off"], .v2),
      choice("sostenuto_sw", ["on", "off"], .v2),
      int("sustain_cc", midi, .aria),
      float("sustain_lo", 0...127, .aria),
      int("sostenuto_cc", midi, .aria),
      float("sostenuto_lo", 0...127, .aria),
      int("loprog", midi, .v2),
      int("hiprog", midi, .v2),
      float("lobpm", 0...500, .v1),
      float("hibpm", 0...500, .v1),
      int("lochanaft", midi, .v1),
      int("hichanaft", midi, .v1),
      int("lopolyaft", midi, .v1),
      int("hipolyaft", midi, .v1),
      float("lorand", 0...1, .v1),
      float("hirand", 0...1, .v1),
      int("seq_length", 1...100, .v1),
      int("seq_position", 1...100, .v1),
      float("lotimer", nil, .v2),
      float("hitimer", nil, .v2),
      choice("trigger", ["attack", "release", "first", "legato", "release_key"], .v1),
      int("on_loccN", -1...127, .v1),
      int("on_hiccN", -1...127, .v1),
      float("on_lohdccN", -1...1, .aria),
      float("on_hihdccN", -1...1, .aria),
      int("start_loccN", -1...127, .v2),
      int("start_hiccN", -1...127, .v2),
      float("start_lohdccN", -1...1, .aria),
      float("start_hihdccN", -1...1, .aria),
      int("stop_loccN", -1...127, .v2),
      int("stop_hiccN", -1...127, .v2),
      float("stop_lohdccN", -1...1, .aria),
      float("stop_hihdccN", -1...1, .aria),
      choice("varN_mod", ["add", "mult"], .aria),
      float("varN_onccX", nil, .aria),
      float("varN_curveccX", nil, .aria),
    ]
}
