extension OpcodeEntries {
  /// Effect sends of regions, and the opcodes of `<effect>` blocks (kept, not rendered).
  static let effects: [SFZOpcodeSpec] = {
    var specs: [SFZOpcodeSpec] = [
      float("effectN", 0...100, .v1),
      text("bus", .v2),
      text("type", .v2),
      float("fxNtomain", 0...100, .v2),
      float("fxNtomix", 0...100, .v2),
      float("directtomain", 0...100, .v2),
      float("param_offset", nil, .aria),
      text("vendor_specific", .aria),
      text("dsp_order", .v2),
      float("internal", nil, .v2),
      float("gate_onccN", nil, .v2),
      // type=gain's level in dB: the type page names no opcode for it; the players that have
      // the type read `gain`
      float("gain", nil, .v2),
    ]
    let families: [String: [String]] = [
      "apan": ["depth", "dry", "freq", "phase", "waveform", "wet"],
      "bitred": ["", "_onccN"],
      "bypass": ["_onccN"],
      "comp": ["attack", "gain", "ratio", "release", "stlink", "threshold"],
      "decim": ["", "_onccN"],
      "delay": [
        "cutoff", "damphi", "damplo", "dry", "feedback", "filter", "input", "levelc",
        "levell", "levelr", "lfofreq", "moddepth", "mode", "panc", "panl", "panr", "resonance",
        "spread", "syncc_onccN", "syncl_onccN", "syncr_onccN", "time_tap", "timec", "timel",
        "timer", "wet",
      ],
      "disto": ["depth", "dry", "stages", "tone", "wet"],
      "eq": ["bw", "freq", "gain", "type"],
      "filter": ["cutoff", "resonance", "type"],
      "gate": ["attack", "release", "stlink", "threshold"],
      "phaser": ["depth", "feedback", "freq", "phase_onccN", "stages", "waveform", "wet"],
      "reverb": ["damp", "dry", "input", "predelay", "size", "tone", "type", "wet"],
      "static": [
        "cyclic_level", "cyclic_time", "filter", "level", "random_level",
        "random_maxtime", "random_mintime", "stereo", "tone",
      ],
      "strings": ["number", "wet_onccN"],
      "tdfir": ["dry", "gain", "impulse", "wet"],
    ]
    for (prefix, names) in families.sorted(by: { $0.key < $1.key }) {
      for name in names {
        let full =
          name.isEmpty ? prefix : (name.hasPrefix("_") ? prefix + name : "\(prefix)_\(name)")
        let isWord = name == "type" || name == "waveform" || name == "mode" || name == "impulse"
        specs.append(isWord ? text(full, .v2) : float(full, nil, .v2))
        if !isWord && !full.contains("cc") {
          specs.append(float(full + "_onccN", nil, .v2))
          specs.append(float(full + "_curveccN", nil, .v2))
          specs.append(float(full + "_smoothccN", nil, .v2))
          specs.append(float(full + "_stepccN", nil, .v2))
        }
      }
    }
    return specs
  }()
}
