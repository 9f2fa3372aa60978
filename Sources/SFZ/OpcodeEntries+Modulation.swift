extension OpcodeEntries {
  /// `ampeg_*`, `fileg_*`, `pitcheg_*`: the v1 stage opcodes, their velocity and CC forms.
  /// The deprecated SFZ v2 spellings `amp_attack`, `fil_vel2decay`, `pitch_depth`... are
  /// aliases of the v1 envelope opcodes.
  static let envelopes: [SFZOpcodeSpec] = ["ampeg", "fileg", "pitcheg"].flatMap { eg in
    let ccVersion: SFZSpecVersion = eg == "ampeg" ? .v2 : .aria
    let old = String(eg.dropLast(2))
    var specs: [SFZOpcodeSpec] = []
    for stage in ["attack", "decay", "delay", "hold", "release", "start", "sustain"] {
      let isLevel = stage == "sustain" || stage == "start"
      let range: ClosedRange<Double> = isLevel ? 0...100 : seconds
      let oldName = stage == "start" ? [] : ["\(old)_\(stage)"]
      specs.append(float("\(eg)_\(stage)", range, .v1, aliases: oldName))
      specs.append(float("\(eg)_\(stage)_onccN", nil, ccVersion))
      specs.append(float("\(eg)_\(stage)_curveccN", nil, .aria))
      if stage != "start" {
        specs.append(float("\(eg)_vel2\(stage)", nil, .v1, aliases: ["\(old)_vel2\(stage)"]))
      }
    }
    for stage in ["attack", "decay", "release"] {
      specs.append(float("\(eg)_\(stage)_shape", nil, .aria))
    }
    specs.append(choice("\(eg)_decay_zero", ["0", "1"], .aria))
    specs.append(choice("\(eg)_release_zero", ["0", "1"], .aria))
    specs.append(choice("\(eg)_dynamic", ["0", "1"], .aria))
    if eg != "ampeg" {
      specs.append(float("\(eg)_depth", cents, .v1, aliases: ["\(old)_depth"]))
      specs.append(float("\(eg)_depth_onccN", cents, .aria))
      specs.append(float("\(eg)_depth_curveccN", nil, .aria))
      specs.append(float("\(eg)_vel2depth", cents, .v1, aliases: ["\(old)_vel2depth"]))
    }
    return specs
  }

  /// `amplfo_*`, `fillfo_*`, `pitchlfo_*` (SFZ v1 fixed sine LFOs).
  static let lfos: [SFZOpcodeSpec] = ["amplfo", "fillfo", "pitchlfo"].flatMap { lfo in
    [
      float("\(lfo)_delay", seconds, .v1),
      float("\(lfo)_fade", seconds, .v1),
      float("\(lfo)_freq", 0...20, .v1),
      float("\(lfo)_freq_onccN", -200...200, .v1),
      float("\(lfo)_freqchanaft", -200...200, .v1),
      float("\(lfo)_freqpolyaft", -200...200, .v1),
      float("\(lfo)_freq_smoothccN", nil, .aria),
      float("\(lfo)_freq_stepccN", nil, .aria),
      float("\(lfo)_depth", nil, .v1),
      float("\(lfo)_depth_onccN", nil, .v1),
      float("\(lfo)_depthchanaft", nil, .v1),
      float("\(lfo)_depthpolyaft", nil, .v1),
      float("\(lfo)_depth_smoothccN", nil, .aria),
      float("\(lfo)_depth_stepccN", nil, .aria),
    ]
  }

  /// SFZ v2 flex envelopes `egN_*` and LFOs `lfoN_*`, and their modulation targets.
  static let flexModulation: [SFZOpcodeSpec] = {
    var specs: [SFZOpcodeSpec] = [
      int("egN_points", nil, .v2),
      float("egN_timeX", 0...100, .v2),
      float("egN_timeX_onccY", nil, .v2),
      float("egN_levelX", -1...1, .v2),
      float("egN_levelX_onccY", nil, .v2),
      float("egN_shapeX", nil, .v2),
      float("egN_curveX", nil, .v2),
      int("egN_sustain", 0...100, .v2),
      int("egN_loop", nil, .v2),
      int("egN_loop_count", nil, .v2),
      // ARIA's boolean, which modulations/envelope_generators.md writes as eg01_ampeg=100
      float("egN_ampeg", nil, .aria),
      choice("egN_dynamic", ["0", "1"], .aria),
      float("egN_freq_lfoX", nil, .v2),
      float("lfoN_freq", 0...100, .v2),
      float("lfoN_freq_onccX", nil, .v2),
      float("lfoN_freq_smoothccX", nil, .v2),
      float("lfoN_freq_stepccX", nil, .v2),
      float("lfoN_freq_curveccX", nil, .v2),
      float("lfoN_delay", 0...100, .v2),
      float("lfoN_delay_onccX", nil, .v2),
      float("lfoN_fade", 0...100, .v2),
      float("lfoN_fade_onccX", nil, .v2),
      float("lfoN_phase", 0...1, .v2),
      float("lfoN_phase_onccX", nil, .v2),
      float("lfoN_phase_curveccX", nil, .v2),
      float("lfoN_phase_smoothccX", nil, .v2),
      float("lfoN_phase_stepccX", nil, .v2),
      int("lfoN_count", nil, .v2),
      int("lfoN_wave", -1...15, .v2),
      int("lfoN_waveX", -1...15, .v2),
      int("lfoN_steps", nil, .v2),
      float("lfoN_stepX", nil, .v2),
      float("lfoN_stepX_onccY", nil, .v2),
      // not in syntax.yml; opcodes/lfoN_wave.md writes it for ARIA's stepped LFO
      float("lfoN_stepX_smoothccY", nil, .aria),
      float("lfoN_offset", nil, .v2),
      float("lfoN_offsetX", nil, .v2),
      float("lfoN_ratio", nil, .v2),
      float("lfoN_ratioX", nil, .v2),
      float("lfoN_scale", nil, .v2),
      float("lfoN_scaleX", nil, .v2),
      float("lfoN_smooth", nil, .v2),
      float("lfoN_smooth_onccX", nil, .v2),
      int("lfoN_sub", nil, .v2),
      int("lfoN_beats", nil, .v2),
      float("lfoN_depth_lfoX", nil, .v2),
      float("lfoN_depthadd_lfoX", nil, .v2),
      float("lfoN_freq_lfoX", nil, .v2),
      float("lfoN_freq_lfoX_onccY", nil, .v2),
      float("lfoN_freq_egX", nil, .v2),
      int("lfoN_wave_onccX", nil, .aria),
      float("lfoN_sample_dyn_paramX", nil, .aria),
      float("lfoN_sample_dyn_paramX_onccY", nil, .aria),
      float("lfoN_drive", nil, .v2),
      float("lfoN_drive_onccX", nil, .v2),
      float("lfoN_drive_smoothccX", nil, .v2),
      float("lfoN_drive_stepccX", nil, .v2),
      int("curve_index", 0...255, .v2),
      float("vN", nil, .v2),
    ]
    let targets = [
      "amplitude", "cutoff", "cutoffX", "decim", "bitred", "pan", "pitch", "resonance",
      "resonanceX", "volume", "width", "position", "eqXbw", "eqXfreq", "eqXgain", "filXgain",
      "rectify", "ringmod", "noiselevel", "noisestep", "noisetone", "driveshape", "tune",
    ]
    for source in ["egN", "lfoN"] {
      for target in targets {
        specs.append(float("\(source)_\(target)", nil, .v2))
        let placeholder = target.contains("X") ? "Y" : "X"
        specs.append(float("\(source)_\(target)_oncc\(placeholder)", nil, .v2))
        specs.append(float("\(source)_\(target)_curvecc\(placeholder)", nil, .v2))
        specs.append(float("\(source)_\(target)_smoothcc\(placeholder)", nil, .v2))
        specs.append(float("\(source)_\(target)_stepcc\(placeholder)", nil, .v2))
      }
    }
    for target in [
      "amplitude", "cutoff", "cutoffX", "eqXbw", "eqXfreq", "eqXgain", "filXgain", "pan", "pitch",
      "resonance", "resonanceX", "volume", "width", "position",
    ] {
      specs.append(float("varN_\(target)", nil, .aria))
    }
    specs.append(float("egN_pan_curve", nil, .v2))
    specs.append(float("egN_pan_curveccX", nil, .v2))
    specs.append(float("egN_sample_dyn_paramX", nil, .aria))
    specs.append(float("egN_sample_dyn_paramX_onccY", nil, .aria))
    specs.append(float("egN_depth_lfoX", nil, .v2))
    specs.append(float("egN_depthadd_lfoX", nil, .v2))
    return specs
  }()
}
