import CSamplerCore
import SFZ

/// Controller, aftertouch and extended-controller modulations (`cutoff_oncc74=1200`,
/// `amplitude_curvecc7=4`, `pitchlfo_depthchanaft=50`...), as records for the engine.
extension RegionMapping {
  /// The sound parameters both v1 controller forms (`pan_oncc10`) and v2 modulator outputs
  /// (`lfo1_pan`) reach, and the EQ bands, whose names differ only in `separator`
  /// (`eq1_gain` against `lfo1_eq1gain`).
  static func soundTargets(eqSeparator separator: String) -> [String: sc_mod_target] {
    var targets: [String: sc_mod_target] = [
      "volume": SC_MOD_VOLUME, "amplitude": SC_MOD_AMPLITUDE, "pan": SC_MOD_PAN,
      "width": SC_MOD_WIDTH, "position": SC_MOD_POSITION, "pitch": SC_MOD_PITCH,
      "tune": SC_MOD_PITCH, "cutoff": SC_MOD_CUTOFF, "resonance": SC_MOD_RESONANCE,
    ]
    for band in 0..<3 {
      let offset = UInt32(band)
      targets["eq\(band + 1)\(separator)gain"] = sc_mod_target(SC_MOD_EQ1_GAIN.rawValue + offset)
      targets["eq\(band + 1)\(separator)freq"] = sc_mod_target(SC_MOD_EQ1_FREQ.rawValue + offset)
      targets["eq\(band + 1)\(separator)bw"] = sc_mod_target(SC_MOD_EQ1_BW.rawValue + offset)
    }
    return targets
  }

  /// Targets by the opcode stem written before `_onccN`.
  static let modulationTargets: [String: sc_mod_target] = {
    var targets = soundTargets(eqSeparator: "_").merging([
      "amplfo_depth": SC_MOD_AMPLFO_DEPTH, "fillfo_depth": SC_MOD_FILLFO_DEPTH,
      "pitchlfo_depth": SC_MOD_PITCHLFO_DEPTH, "amplfo_freq": SC_MOD_AMPLFO_FREQ,
      "fillfo_freq": SC_MOD_FILLFO_FREQ, "pitchlfo_freq": SC_MOD_PITCHLFO_FREQ,
      "offset": SC_MOD_OFFSET, "delay": SC_MOD_DELAY, "amp_veltrack": SC_MOD_AMP_VELTRACK,
      "cutoff2": SC_MOD_CUTOFF2, "resonance2": SC_MOD_RESONANCE2,
      "noise_level": SC_MOD_NOISE_LEVEL, "noise_step": SC_MOD_NOISE_STEP,
      "noise_tone": SC_MOD_NOISE_TONE,
      "fil_gain": SC_MOD_FIL_GAIN, "fil1_gain": SC_MOD_FIL_GAIN, "fil2_gain": SC_MOD_FIL2_GAIN,
      // loop_end.md: "though the term 'length' is used, it's specifically the location of the
      // end point which is modulated"
      "loop_start": SC_MOD_LOOP_START, "loop_length": SC_MOD_LOOP_LENGTH,
    ]) { first, _ in first }
    let stages = ["delay", "start", "attack", "hold", "decay", "sustain", "release", "depth"]
    let firsts = [
      ("ampeg", SC_MOD_AMPEG_DELAY), ("fileg", SC_MOD_FILEG_DELAY),
      ("pitcheg", SC_MOD_PITCHEG_DELAY),
    ]
    for (eg, first) in firsts {
      for (i, stage) in stages.enumerated() {
        targets["\(eg)_\(stage)"] = sc_mod_target(first.rawValue + UInt32(i))
      }
    }
    return targets
  }()

  /// Aftertouch forms: the opcode name maps to a target and a source.
  static let pressureOpcodes: [String: (sc_mod_target, Int32)] = {
    var forms: [String: (sc_mod_target, Int32)] = [
      "cutoff_chanaft": (SC_MOD_CUTOFF, Int32(SC_SOURCE_CHANNEL_PRESSURE)),
      "cutoff_polyaft": (SC_MOD_CUTOFF, Int32(SC_SOURCE_POLY_PRESSURE)),
      "cutoff2_chanaft": (SC_MOD_CUTOFF2, Int32(SC_SOURCE_CHANNEL_PRESSURE)),
      "cutoff2_polyaft": (SC_MOD_CUTOFF2, Int32(SC_SOURCE_POLY_PRESSURE)),
    ]
    for lfo in ["amplfo", "fillfo", "pitchlfo"] {
      for parameter in ["depth", "freq"] {
        let target = modulationTargets["\(lfo)_\(parameter)"]!
        forms["\(lfo)_\(parameter)chanaft"] = (target, Int32(SC_SOURCE_CHANNEL_PRESSURE))
        forms["\(lfo)_\(parameter)polyaft"] = (target, Int32(SC_SOURCE_POLY_PRESSURE))
      }
    }
    return forms
  }()

  /// The stem and controller of `<stem>_<kind>ccN` names (kind: on, curve, smooth, step).
  static func modulationParts(_ name: String) -> (stem: String, kind: String, source: Int)? {
    // every form ends in its controller's number: most opcodes end in a letter and are turned
    // away here, before four searches of the name (Foundation's, several percent of loading a
    // General MIDI bank's programs)
    guard let last = name.utf8.last, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(last)
    else { return nil }
    for kind in ["_oncc", "_curvecc", "_smoothcc", "_stepcc"] {
      guard let range = name.range(of: kind, options: .backwards) else { continue }
      let stem = String(name[..<range.lowerBound])
      guard modulationTargets[stem] != nil,
        let source = Int(name[range.upperBound...]), UnsupportedOpcodes.hasSource(source)
      else { return nil }
      return (stem, String(kind.dropFirst().dropLast(2)), source)
    }
    return nil
  }

  /// The region's modulation records, in a stable order.
  func modulations() -> [sc_modulation] {
    var records: [String: sc_modulation] = [:]
    for ((name, (target, source)), opcode) in region.opcodes({ name in
      Self.pressureOpcodes[name].map { (name, $0) }
    }) {
      guard let depth = opcode.number else { continue }
      records[name] = sc_modulation(
        target: UInt16(target.rawValue), source: UInt16(source), curve: -1,
        depth: Float(depth), smooth: 0, step: 0)
    }
    // Every controller form is read, the `_curveccN`, `_smoothccN` and `_stepccN` companions
    // too: they shape the `_onccN` form of the same name and controller, and mean nothing alone.
    for ((name, parts), opcode) in region.opcodes({ name in
      Self.modulationParts(name).map { (name, $0) }
    }) {
      guard parts.kind == "on", let depth = opcode.number,
        let target = Self.modulationTargets[parts.stem]
      else { continue }
      let suffix = "cc\(parts.source)"
      records[name] = sc_modulation(
        target: UInt16(target.rawValue), source: UInt16(parts.source),
        curve: Int32(region.int("\(parts.stem)_curve\(suffix)") ?? -1),
        depth: Float(depth), smooth: Float(region.double("\(parts.stem)_smooth\(suffix)") ?? 0),
        step: Float(region.double("\(parts.stem)_step\(suffix)") ?? 0))
    }
    return records.keys.sorted().map { records[$0]! }
  }

  /// The channel controllers the engine should still apply: an instrument that maps CC7, CC11
  /// or CC10 itself replaces the default.
  static func implicitControllers(for modulations: [sc_modulation]) -> UInt8 {
    var bits = UInt8(SC_IMPLICIT_VOLUME | SC_IMPLICIT_EXPRESSION | SC_IMPLICIT_PAN)
    for m in modulations {
      let gain = m.target == SC_MOD_VOLUME.rawValue || m.target == SC_MOD_AMPLITUDE.rawValue
      if gain && m.source == 7 { bits &= ~UInt8(SC_IMPLICIT_VOLUME) }
      if gain && m.source == 11 { bits &= ~UInt8(SC_IMPLICIT_EXPRESSION) }
      if m.source == 10 && (m.target == SC_MOD_PAN.rawValue || m.target == SC_MOD_POSITION.rawValue)
      {
        bits &= ~UInt8(SC_IMPLICIT_PAN)
      }
    }
    return bits
  }
}
