import CSamplerCore
import SFZ

/// An instrument's `<effect>` blocks as the engine's chains (corpus/spec headers/effect.md,
/// opcodes/type.md, bus.md, directtomain.md, fxNtomain.md, fxNtomix.md; syntax.yml's Effects).
///
/// Each block is one effect on its `bus` (main, the default, or fx1...fx4), run in the order
/// written. The routing levels are global: written under any block, they apply to the whole
/// instrument. Types and opcodes the engine does not render are warned about at their line.
///
/// A parameter's `_onccN` (syntax.yml lists one for each of the parameters read here) adds its
/// value at CC 127, linearly in between, in the parameter's own unit: the effect pages say no
/// more, so this is a region's `_onccN` rule (sc_effect_cc). `bypass_onccN` follows
/// opcodes/bypass_onccN.md. bitred and decim also take `_curveccN`, `_smoothccN` and `_stepccN`
/// (syntax.yml lists them for those two only), read as a region's: the curve's index, the
/// smoothing in milliseconds and the step in the parameter's unit.
struct InstrumentEffects {
  /// The effects in the order written, each with where its block starts.
  private(set) var effects: [(effect: sc_effect, location: SFZLocation)] = []
  /// directtomain, fxNtomain and fxNtomix, in percent.
  private(set) var levels = sc_effect_levels()
  /// Unknown types, unread opcodes and out-of-range values, at their lines.
  private(set) var diagnostics: [SFZDiagnostic] = []

  /// The types the engine renders; `fverb` is the reverb's name on the type page and `reverb`
  /// the one players accept too.
  static let types: [String: sc_effect_type] = [
    "lofi": SC_EFFECT_LOFI, "gain": SC_EFFECT_GAIN, "filter": SC_EFFECT_FILTER,
    "eq": SC_EFFECT_EQ, "delay": SC_EFFECT_DELAY, "fverb": SC_EFFECT_REVERB,
    "reverb": SC_EFFECT_REVERB,
  ]

  /// The filter types a chain's filter runs (1- and 2-pole; sc_instrument_add_effect).
  static let filterTypes: Set<String> = [
    "lpf_1p", "hpf_1p", "lpf_2p", "hpf_2p", "bpf_2p", "brf_2p", "lpf_2p_sv", "hpf_2p_sv",
    "bpf_2p_sv", "brf_2p_sv",
  ]

  init(_ blocks: [[SFZOpcode]]) {
    levels.direct_to_main = 100
    for block in blocks { read(block) }
  }

  /// Hands the effects and levels to `instrument`; a refusal becomes a warning.
  func add(to instrument: OpaquePointer?) -> [SFZDiagnostic] {
    guard !effects.isEmpty else { return [] }
    var warnings: [SFZDiagnostic] = []
    var levels = self.levels
    if !sc_instrument_set_effect_levels(instrument, &levels) {
      warnings.append(
        SFZDiagnostic(.warning, at: effects[0].location, "the effect levels are not rendered"))
    }
    for (effect, location) in effects {
      var effect = effect
      if !sc_instrument_add_effect(instrument, &effect) {
        warnings.append(SFZDiagnostic(.warning, at: location, "this <effect> is not rendered"))
      }
    }
    return warnings
  }

  private mutating func read(_ block: [SFZOpcode]) {
    var opcodes: [String: SFZOpcode] = [:]
    for opcode in block { opcodes[opcode.name] = opcode }
    var reader = EffectReader(opcodes: opcodes)
    readLevels(&reader)
    guard let typeOpcode = reader.text("type") else {
      diagnostics += reader.unread(of: nil)
      return
    }
    let typeName = typeOpcode.value.lowercased()
    guard let type = Self.types[typeName] else {
      diagnostics.append(
        SFZDiagnostic(
          .warning, at: typeOpcode.location,
          "effect type '\(typeOpcode.value)' is not rendered; the <effect> block is ignored"))
      return
    }
    var effect = sc_effect()
    sc_effect_init(&effect, type)
    let busName = reader.text("bus")
    switch busName?.value.lowercased() ?? "main" {
    case "main": effect.bus = SC_EFFECT_BUS_MAIN
    case "fx1": effect.bus = SC_EFFECT_BUS_FX1
    case "fx2": effect.bus = SC_EFFECT_BUS_FX2
    case "fx3": effect.bus = SC_EFFECT_BUS_FX3
    case "fx4": effect.bus = SC_EFFECT_BUS_FX4
    default:
      // aux1...aux8 and midi are outputs of their own in ARIA and Cakewalk; this engine has
      // one output per instrument
      diagnostics.append(
        SFZDiagnostic(
          .warning, at: busName!.location,
          "bus=\(busName!.value) is not rendered (no such output); the <effect> block is ignored"))
      return
    }
    // a bus effect returns what it adds (its input reached main already at directtomain);
    // on main the dry signal is the instrument itself (the pages give no default)
    effect.dry = effect.bus == SC_EFFECT_BUS_MAIN ? 100 : 0
    readParameters(&effect, typeName, &reader)
    readControllers(&effect, &reader)
    diagnostics += reader.diagnostics + reader.unread(of: typeName)
    effects.append((effect, typeOpcode.location))
  }

  private mutating func readLevels(_ reader: inout EffectReader) {
    if let direct = reader.percent("directtomain") { levels.direct_to_main = direct }
    withUnsafeMutableBytes(of: &levels.to_main) { raw in
      let toMain = raw.bindMemory(to: Float.self)
      for n in 0..<Int(SC_EFFECT_SENDS) {
        if let value = reader.percent("fx\(n + 1)tomain") { toMain[n] = value }
      }
    }
    withUnsafeMutableBytes(of: &levels.to_mix) { raw in
      let toMix = raw.bindMemory(to: Float.self)
      for n in 0..<Int(SC_EFFECT_SENDS) {
        if let value = reader.percent("fx\(n + 1)tomix") { toMix[n] = value }
      }
    }
  }

  private func readParameters(
    _ e: inout sc_effect, _ type: String, _ reader: inout EffectReader
  ) {
    switch e.type {
    case SC_EFFECT_LOFI:
      if let v = reader.percent("bitred") { e.bitred = v }
      if let v = reader.percent("decim") { e.decim = v }
    case SC_EFFECT_GAIN:
      if let v = reader.number("gain") { e.gain_db = v }
    case SC_EFFECT_FILTER:
      if let t = reader.text("filter_type") {
        let name = t.value.lowercased()
        if Self.filterTypes.contains(name), let mapped = RegionMapping.filterTypes[name] {
          e.filter_type = mapped
        } else {
          reader.warn(t, "filter_type=\(t.value) is not rendered in an <effect>; lpf_2p used")
        }
      }
      if let v = reader.number("filter_cutoff", in: 0...) { e.filter_cutoff = v }
      if let v = reader.number("filter_resonance") { e.filter_resonance = v }
    case SC_EFFECT_EQ:
      if let t = reader.text("eq_type"), t.value.lowercased() != "peak" {
        reader.warn(t, "eq_type=\(t.value) is not rendered; a peaking band used")
      }
      if let v = reader.number("eq_freq", in: 0...) { e.eq_freq = v }
      if let v = reader.number("eq_bw", in: 0...) { e.eq_bw = v }
      if let v = reader.number("eq_gain") { e.eq_gain = v }
    case SC_EFFECT_DELAY:
      let centre = reader.number("delay_timec", in: 0...Double(SC_DELAY_MAX_SECONDS))
      let left = reader.number("delay_timel", in: 0...Double(SC_DELAY_MAX_SECONDS)) ?? centre
      let right = reader.number("delay_timer", in: 0...Double(SC_DELAY_MAX_SECONDS)) ?? centre
      if let left { e.delay_time.0 = left }
      if let right { e.delay_time.1 = right }
      if let v = reader.percent("delay_feedback") { e.delay_feedback = v }
      if let v = reader.percent("delay_damphi") { e.delay_damping = v }
      readMix(&e, "delay", &reader)
    default:
      if let v = reader.percent("reverb_size") { e.reverb_size = v }
      if let v = reader.percent("reverb_damp") { e.reverb_damp = v }
      if let v = reader.number("reverb_predelay", in: 0...) { e.reverb_predelay = v }
      readMix(&e, "reverb", &reader)
    }
  }

  /// The opcodes whose `_onccN` move each parameter of a type (syntax.yml's Effects).
  static let controlled: [sc_effect_type: [(name: String, parameters: [sc_effect_param])]] = [
    SC_EFFECT_LOFI: [("bitred", [SC_EFFECT_PARAM_BITRED]), ("decim", [SC_EFFECT_PARAM_DECIM])],
    SC_EFFECT_FILTER: [
      ("filter_cutoff", [SC_EFFECT_PARAM_FILTER_CUTOFF]),
      ("filter_resonance", [SC_EFFECT_PARAM_FILTER_RESONANCE]),
    ],
    SC_EFFECT_EQ: [
      ("eq_freq", [SC_EFFECT_PARAM_EQ_FREQ]), ("eq_bw", [SC_EFFECT_PARAM_EQ_BW]),
      ("eq_gain", [SC_EFFECT_PARAM_EQ_GAIN]),
    ],
    SC_EFFECT_DELAY: [
      ("delay_timec", [SC_EFFECT_PARAM_DELAY_TIME_LEFT, SC_EFFECT_PARAM_DELAY_TIME_RIGHT]),
      ("delay_timel", [SC_EFFECT_PARAM_DELAY_TIME_LEFT]),
      ("delay_timer", [SC_EFFECT_PARAM_DELAY_TIME_RIGHT]),
      ("delay_feedback", [SC_EFFECT_PARAM_DELAY_FEEDBACK]),
      ("delay_damphi", [SC_EFFECT_PARAM_DELAY_DAMPING]),
      ("delay_input", [SC_EFFECT_PARAM_INPUT]), ("delay_dry", [SC_EFFECT_PARAM_DRY]),
      ("delay_wet", [SC_EFFECT_PARAM_WET]),
    ],
    SC_EFFECT_REVERB: [
      ("reverb_size", [SC_EFFECT_PARAM_REVERB_SIZE]),
      ("reverb_damp", [SC_EFFECT_PARAM_REVERB_DAMP]),
      ("reverb_predelay", [SC_EFFECT_PARAM_REVERB_PREDELAY]),
      ("reverb_input", [SC_EFFECT_PARAM_INPUT]), ("reverb_dry", [SC_EFFECT_PARAM_DRY]),
      ("reverb_wet", [SC_EFFECT_PARAM_WET]),
    ],
  ]

  /// The parameters whose controllers take a curve, smoothing and steps (syntax.yml).
  static let shaped: Set<String> = ["bitred", "decim"]

  private func readControllers(_ e: inout sc_effect, _ reader: inout EffectReader) {
    var modulations: [sc_effect_cc] = []
    for (name, parameters) in Self.controlled[e.type] ?? [] {
      for (controller, amount, opcode) in reader.controllers(name) {
        guard modulations.count + parameters.count <= Int(SC_EFFECT_MAX_CCS) else {
          reader.warn(
            opcode,
            "\(opcode.writtenName) is not rendered: an <effect> takes \(SC_EFFECT_MAX_CCS) controllers"
          )
          continue
        }
        var shape = (curve: Int32(-1), smooth: Float(0), step: Float(0))
        if Self.shaped.contains(name) {
          let cc = "cc\(controller)"
          if let v = reader.number("\(name)_curve\(cc)", in: 0...Double(SC_MAX_CURVES - 1)) {
            shape.curve = Int32(v)
          }
          if let v = reader.number("\(name)_smooth\(cc)", in: 0...) { shape.smooth = v }
          if let v = reader.number("\(name)_step\(cc)", in: 0...) { shape.step = v }
        }
        for p in parameters {
          modulations.append(
            sc_effect_cc(
              parameter: p, controller: controller, amount: amount, curve: shape.curve,
              smooth: shape.smooth, step: shape.step))
        }
      }
    }
    withUnsafeMutableBytes(of: &e.cc) { raw in
      let slots = raw.bindMemory(to: sc_effect_cc.self)
      for (i, m) in modulations.enumerated() { slots[i] = m }
    }
    e.cc_count = UInt32(modulations.count)
    let bypasses = reader.controllers("bypass")
    for (index, (controller, value, opcode)) in bypasses.enumerated() {
      if index > 0 {
        reader.warn(opcode, "\(opcode.writtenName) is not rendered: one bypass per <effect>")
      } else if value <= 0 {
        reader.warn(opcode, "\(opcode.writtenName)=\(opcode.value) is not positive; ignored")
      } else {
        e.bypass_controller = controller
        e.bypass = value
      }
    }
  }

  private func readMix(_ e: inout sc_effect, _ prefix: String, _ reader: inout EffectReader) {
    if let v = reader.percent("\(prefix)_input") { e.input = v }
    if let v = reader.percent("\(prefix)_dry") { e.dry = v }
    if let v = reader.percent("\(prefix)_wet") { e.wet = v }
  }
}

/// One `<effect>` block's opcodes, each marked when read, and the warnings reading gave.
private struct EffectReader {
  let opcodes: [String: SFZOpcode]
  private(set) var read: Set<String> = ["type", "bus"]
  private(set) var diagnostics: [SFZDiagnostic] = []

  init(opcodes: [String: SFZOpcode]) { self.opcodes = opcodes }

  mutating func text(_ name: String) -> SFZOpcode? {
    read.insert(name)
    return opcodes[name]
  }

  /// A number clamped to `range`, with a warning when it lay outside.
  mutating func number(_ name: String, in range: PartialRangeFrom<Double>) -> Float? {
    number(name, in: range.lowerBound...Double.greatestFiniteMagnitude)
  }

  mutating func number(
    _ name: String,
    in range: ClosedRange<Double> = -Double
      .greatestFiniteMagnitude...Double
      .greatestFiniteMagnitude
  ) -> Float? {
    read.insert(name)
    guard let opcode = opcodes[name] else { return nil }
    guard let value = opcode.number ?? Double(opcode.value) else {
      warn(opcode, "\(name)=\(opcode.value) is not a number; ignored")
      return nil
    }
    let clamped = min(max(value, range.lowerBound), range.upperBound)
    if clamped != value {
      warn(opcode, "\(name)=\(opcode.value) is out of range; \(clamped) used")
    }
    return Float(clamped)
  }

  /// Each `<name>_onccN` of the block, in the order written, as its controller and value; one
  /// with a controller above 127 or a value that is not a number is warned about and skipped.
  mutating func controllers(_ name: String) -> [(UInt32, Float, SFZOpcode)] {
    let prefix = name + "_oncc"
    var found: [(UInt32, Float, SFZOpcode)] = []
    for opcode in opcodes.values.sorted(by: { $0.location.line < $1.location.line }) {
      guard opcode.name.hasPrefix(prefix),
        let controller = UInt32(opcode.name.dropFirst(prefix.count))
      else { continue }
      read.insert(opcode.name)
      guard controller <= 127 else {
        warn(opcode, "\(opcode.writtenName): no controller \(controller); ignored")
        continue
      }
      guard let value = opcode.number ?? Double(opcode.value), value.isFinite else {
        warn(opcode, "\(opcode.writtenName)=\(opcode.value) is not a number; ignored")
        continue
      }
      found.append((controller, Float(value), opcode))
    }
    return found
  }

  /// A percentage, 0...100 (syntax.yml).
  mutating func percent(_ name: String) -> Float? { number(name, in: 0...100) }

  mutating func warn(_ opcode: SFZOpcode, _ message: String) {
    diagnostics.append(SFZDiagnostic(.warning, at: opcode.location, message))
  }

  /// "not rendered" for each opcode of the block nothing read.
  func unread(of type: String?) -> [SFZDiagnostic] {
    opcodes.values.filter { !read.contains($0.name) }.sorted { $0.location.line < $1.location.line }
      .map { opcode in
        let effect = type.map { " in an <effect> of type=\($0)" } ?? " in an <effect> without type"
        return SFZDiagnostic(
          .warning, at: opcode.location, "opcode '\(opcode.writtenName)' is not rendered\(effect)")
      }
  }
}
