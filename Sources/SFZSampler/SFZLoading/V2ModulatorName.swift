import CSamplerCore

/// An SFZ v2 modulator opcode taken apart: `lfo01_pitch_oncc1` is LFO 1, target `pitch`,
/// controller 1. Both spellings of the number (`lfo1`, `lfo01`) name the same modulator.
struct V2ModulatorName: Hashable {
  /// Whether an LFO (`lfoN_`) or a flex envelope (`egN_`) is named.
  enum Kind: Hashable { case lfo, eg }

  /// What the part after the modulator's number sets.
  enum Part: Hashable {
    /// A plain parameter: `freq`, `delay`, `sustain`, `ampeg`...
    case parameter(String)
    /// A numbered parameter: envelope points (`time2`, `level2`, `shape2`), LFO steps
    /// (`step2`) and LFO sub-waves (`wave2`, `ratio2`, `scale2`, `offset2`).
    case point(String, Int)
    /// An output to a target: `pitch`, `eq2gain`...
    case output(String)
    /// An output that moves LFO `lfo` (its SFZ number): `freq_lfo2`, `depth_lfo2`,
    /// `depthadd_lfo2`, with the part before `_lfo` as `parameter`.
    case lfoControl(parameter: String, lfo: Int)
  }

  /// A controller form of a part: `_onccN`, `_curveccN`, `_smoothccN` or `_stepccN`.
  struct Controller: Hashable {
    var form: String
    var source: Int
  }

  var kind: Kind
  var number: Int
  var part: Part
  var controller: Controller?

  /// Targets an LFO or envelope output may reach, by the name the opcode gives them.
  static let targets: [String: sc_mod_target] = RegionMapping.soundTargets(eqSeparator: "")
    .merging([
      "cutoff1": SC_MOD_CUTOFF, "resonance1": SC_MOD_RESONANCE, "cutoff2": SC_MOD_CUTOFF2,
      "resonance2": SC_MOD_RESONANCE2, "noiselevel": SC_MOD_NOISE_LEVEL,
      "noisestep": SC_MOD_NOISE_STEP, "noisetone": SC_MOD_NOISE_TONE,
      "fil1gain": SC_MOD_FIL_GAIN, "fil2gain": SC_MOD_FIL2_GAIN,
    ]) { first, _ in first }

  static let lfoParameters: Set<String> = [
    "freq", "delay", "fade", "phase", "wave", "count", "offset", "ratio", "scale", "steps",
  ]
  /// ARIA's sub-wave parameters, numbered from 2 (`lfo1_wave2`; opcodes/lfoN_waveX.md).
  static let subwaveParameters: Set<String> = ["wave", "ratio", "scale", "offset"]
  /// LFO parameters a controller may move (`lfo1_freq_oncc1`), with the link each becomes.
  static let lfoControlled: [String: sc_v2_link_kind] = [
    "freq": SC_V2_LINK_LFO_FREQ, "delay": SC_V2_LINK_LFO_DELAY, "fade": SC_V2_LINK_LFO_FADE,
    "phase": SC_V2_LINK_LFO_PHASE,
  ]
  /// `points` is taken in and does nothing, as in ARIA (opcodes/egN_points.md: the player counts
  /// the points the envelope defines).
  static let egParameters: Set<String> = ["sustain", "ampeg", "points", "dynamic"]
  static let pointParameters: Set<String> = ["time", "level", "shape", "curve"]

  /// The parsed name, or nil when `name` is not a v2 modulator opcode this engine renders.
  init?(_ name: String) {
    let kind: Kind
    let body: Substring
    if name.hasPrefix("lfo") {
      kind = .lfo
      body = name.dropFirst(3)
    } else if name.hasPrefix("eg") {
      kind = .eg
      body = name.dropFirst(2)
    } else {
      return nil
    }
    let digits = body.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, let number = Int(digits), body.dropFirst(digits.count).first == "_"
    else { return nil }
    var rest = String(body.dropFirst(digits.count + 1))
    var controller: Controller?
    for form in ["_oncc", "_curvecc", "_smoothcc", "_stepcc"] {
      guard let range = rest.range(of: form, options: .backwards),
        let source = Int(rest[range.upperBound...]), Self.isSource(source)
      else { continue }
      controller = Controller(form: String(form.dropFirst().dropLast(2)), source: source)
      rest = String(rest[..<range.lowerBound])
      break
    }
    guard let part = Self.part(rest, kind: kind, controlled: controller != nil) else { return nil }
    self.kind = kind
    self.number = number
    self.part = part
    self.controller = controller
  }

  /// Controllers and the engine's extended sources.
  private static func isSource(_ source: Int) -> Bool {
    UnsupportedOpcodes.hasSource(source)
  }

  /// What an output moving another LFO reaches, by the parameter its name gives.
  static let lfoControlTargets: [String: Int] = [
    "freq": Int(SC_V2_TARGET_LFO_FREQ), "depth": Int(SC_V2_TARGET_LFO_DEPTH),
    "depthadd": Int(SC_V2_TARGET_LFO_DEPTH_ADD),
  ]

  private static func part(_ rest: String, kind: Kind, controlled: Bool) -> Part? {
    if targets[rest] != nil { return .output(rest) }
    if let range = rest.range(of: "_lfo"), let lfo = Int(rest[range.upperBound...]) {
      let parameter = String(rest[..<range.lowerBound])
      // modulations/lfo.md: in ARIA a controller scales freq_lfo, while "depth_lfo_oncc and
      // depthadd_lfo_oncc do not appear to be available"
      guard lfoControlTargets[parameter] != nil, !controlled || parameter == "freq" else {
        return nil
      }
      return .lfoControl(parameter: parameter, lfo: lfo)
    }
    switch kind {
    case .lfo:
      if controlled, lfoControlled[rest] != nil { return .parameter(rest) }
      if !controlled, lfoParameters.contains(rest) { return .parameter(rest) }
      let letters = String(rest.prefix { !$0.isNumber })
      guard let index = Int(rest.dropFirst(letters.count)) else { return nil }
      // steps count from 1 (opcodes/lfoN_stepX.md) and may follow a controller; sub-waves from 2
      if letters == "step" && index >= 1 { return .point(letters, index) }
      if !controlled && subwaveParameters.contains(letters) && index >= 2 {
        return .point(letters, index)
      }
      return nil
    case .eg:
      if !controlled, egParameters.contains(rest) { return .parameter(rest) }
      let letters = rest.prefix { !$0.isNumber }
      guard let point = Int(rest.dropFirst(letters.count)), point >= 0,
        pointParameters.contains(String(letters))
      else { return nil }
      // Only times and levels may follow a controller at the note's start.
      if controlled && (letters == "shape" || letters == "curve") { return nil }
      return .point(String(letters), point)
    }
  }
}
