import CSamplerCore
import SFZ

/// SFZ v2 LFOs (`lfoN_*`) and flex envelopes (`egN_*`): their parameters, their outputs and the
/// controllers that scale them, as the region's v2 slots and links.
extension RegionMapping {
  /// The region's v2 opcodes by modulator, the modulators in SFZ number order.
  private func v2Opcodes() -> [V2ModulatorName.Kind: [Int: [(V2ModulatorName, SFZOpcode)]]] {
    var found: [V2ModulatorName.Kind: [Int: [(V2ModulatorName, SFZOpcode)]]] = [:]
    // In name order, `lfo1_freq` and `lfo01_freq` given together resolve the same every time.
    for (parsed, opcode) in region.opcodes(V2ModulatorName.init) {
      found[parsed.kind, default: [:]][parsed.number, default: []].append((parsed, opcode))
    }
    return found
  }

  func applyV2Modulators(to r: inout sc_region, _ diagnostics: inout [SFZDiagnostic]) {
    let found = v2Opcodes()
    var links: [sc_v2_link] = []
    let lfos = (found[.lfo] ?? [:]).sorted { $0.key < $1.key }
    let egs = (found[.eg] ?? [:]).sorted { $0.key < $1.key }
    for (label, count, limit) in [
      ("LFOs", lfos.count, Int(SC_V2_MAX_LFOS)), ("flex envelopes", egs.count, Int(SC_V2_MAX_EGS)),
    ] where count > limit {
      diagnostics.append(
        SFZDiagnostic(
          .warning, at: region.location,
          "\(count) SFZ v2 \(label); only the first \(limit) are rendered"))
    }
    r.v2_lfo_count = UInt8(min(lfos.count, Int(SC_V2_MAX_LFOS)))
    r.v2_eg_count = UInt8(min(egs.count, Int(SC_V2_MAX_EGS)))
    var pools = LFOPools()
    // LFOs are moved by their SFZ number; the engine knows them by slot
    let lfoSlots = Dictionary(
      uniqueKeysWithValues: lfos.prefix(Int(SC_V2_MAX_LFOS)).enumerated()
        .map { ($1.key, $0) })
    withUnsafeMutableBytes(of: &r.v2_lfos) { raw in
      let slots = raw.bindMemory(to: sc_v2_lfo_params.self)
      for (slot, (_, opcodes)) in lfos.prefix(slots.count).enumerated() {
        lfo(opcodes, slot: slot, &slots[slot], &pools, &diagnostics)
        links += lfoLinks(
          opcodes, slot: slot, steps: Int(slots[slot].step_count), lfoSlots: lfoSlots)
      }
    }
    r.v2_lfo_subwave_count = UInt8(pools.subwaves.count)
    withUnsafeMutableBytes(of: &r.v2_lfo_subwaves) { raw in
      let slots = raw.bindMemory(to: sc_v2_lfo_subwave.self)
      for (i, subwave) in pools.subwaves.enumerated() { slots[i] = subwave }
    }
    r.v2_lfo_step_count = UInt8(pools.steps.count)
    withUnsafeMutableBytes(of: &r.v2_lfo_steps) { raw in
      let slots = raw.bindMemory(to: Float.self)
      for (i, step) in pools.steps.enumerated() { slots[i] = step }
    }
    withUnsafeMutableBytes(of: &r.v2_egs) { raw in
      let slots = raw.bindMemory(to: sc_v2_eg_params.self)
      for (slot, (_, opcodes)) in egs.prefix(slots.count).enumerated() {
        flexEnvelope(opcodes, &slots[slot], &diagnostics)
        links += egLinks(opcodes, slot: slot, lfoSlots: lfoSlots)
      }
    }
    if links.count > Int(SC_V2_MAX_LINKS) {
      diagnostics.append(
        SFZDiagnostic(
          .warning, at: region.location,
          "\(links.count) LFO and envelope connections; only the first \(SC_V2_MAX_LINKS) are "
            + "rendered"))
    }
    r.v2_link_count = UInt8(min(links.count, Int(SC_V2_MAX_LINKS)))
    withUnsafeMutableBytes(of: &r.v2_links) { raw in
      let slots = raw.bindMemory(to: sc_v2_link.self)
      for (i, link) in links.prefix(slots.count).enumerated() { slots[i] = link }
    }
  }

  /// The sub-waves and step values of a region's LFOs, which share one store per region.
  private struct LFOPools {
    var subwaves: [sc_v2_lfo_subwave] = []
    var steps: [Float] = []
  }

  /// A wave number the engine renders: `value`, or a sine with a warning.
  private func renderedWave(
    _ value: Double, _ opcode: SFZOpcode, _ diagnostics: inout [SFZDiagnostic]
  ) -> UInt8 {
    let wave = Int(value)
    if (0..<Int(SC_V2_WAVE_COUNT.rawValue)).contains(wave) { return UInt8(wave) }
    // opcodes/lfoN_wave.md: ARIA's 12 is "random sample & hold", its -1 "deprecated ... but is
    // random"
    if wave == 12 || wave == -1 { return UInt8(SC_V2_WAVE_RANDOM.rawValue) }
    diagnostics.append(
      SFZDiagnostic(
        .warning, at: opcode.location,
        "LFO wave \(wave) is not rendered yet (only -1...7 and 12); using a sine"))
    return UInt8(SC_V2_WAVE_SINE.rawValue)
  }

  /// Fills an LFO slot over what sc_region_init left in it, its sub-waves and steps into `pools`.
  private func lfo(
    _ opcodes: [(V2ModulatorName, SFZOpcode)], slot: Int, _ lfo: inout sc_v2_lfo_params,
    _ pools: inout LFOPools, _ diagnostics: inout [SFZDiagnostic]
  ) {
    var values: [String: Double] = [:]
    var numbered: [String: [Int: (value: Double, opcode: SFZOpcode)]] = [:]
    var waveOpcode: SFZOpcode?
    for (name, opcode) in opcodes where name.controller == nil {
      guard let value = opcode.number else { continue }
      switch name.part {
      case .parameter(let parameter):
        values[parameter] = value
        if parameter == "wave" { waveOpcode = opcode }
      case .point(let parameter, let index):
        numbered[parameter, default: [:]][index] = (value, opcode)
      case .output, .lfoControl: break
      }
    }
    let defaultWave = lfo.wave
    if let wave = values["wave"], let waveOpcode {
      lfo.wave = renderedWave(wave, waveOpcode, &diagnostics)
    }
    steps(values["steps"], numbered["step"] ?? [:], opcodes, &lfo, &pools, &diagnostics)
    subwaves(numbered, slot: slot, defaultWave: defaultWave, &pools, &diagnostics)
    lfo.ratio = values["ratio"].map { Float($0) } ?? lfo.ratio
    lfo.scale = values["scale"].map { Float($0) } ?? lfo.scale
    lfo.freq = values["freq"].map { Float($0) } ?? lfo.freq
    lfo.delay = values["delay"].map { Float($0) } ?? lfo.delay
    lfo.fade = values["fade"].map { Float($0) } ?? lfo.fade
    lfo.phase = values["phase"].map { Float($0) } ?? lfo.phase
    lfo.offset = values["offset"].map { Float($0) } ?? lfo.offset
    lfo.count = values["count"].map { UInt32(min(max($0, 0), Double(UInt32.max))) } ?? lfo.count
  }

  /// A step sequencer (opcodes/lfoN_steps.md) in place of the LFO's wave. The page's rule that
  /// the later of lfoN_wave and lfoN_steps wins is Cakewalk's; ARIA plays steps as a wave of
  /// their own (opcodes/lfoN_wave.md, wave 13), so here the steps win whatever the order.
  private func steps(
    _ count: Double?, _ values: [Int: (value: Double, opcode: SFZOpcode)],
    _ opcodes: [(V2ModulatorName, SFZOpcode)], _ lfo: inout sc_v2_lfo_params,
    _ pools: inout LFOPools, _ diagnostics: inout [SFZDiagnostic]
  ) {
    guard let count, count >= 1 else { return }
    let room = Int(SC_V2_MAX_LFO_STEPS) - pools.steps.count
    var rendered = Int(min(count, 255))
    if rendered > room {
      diagnostics.append(
        SFZDiagnostic(
          .warning, at: region.location,
          "\(rendered) LFO steps; only \(SC_V2_MAX_LFO_STEPS) per region are rendered"))
      rendered = room
    }
    guard rendered > 0 else { return }
    lfo.step_first = UInt8(pools.steps.count)
    lfo.step_count = UInt8(rendered)
    // an unset step is 0 (opcodes/lfoN_stepX.md); values are percent
    pools.steps += (1...rendered).map { Float((values[$0]?.value ?? 0) / 100) }
    for (name, opcode) in opcodes {
      guard case .point("step", let index) = name.part, index > rendered else { continue }
      diagnostics.append(
        SFZDiagnostic(
          .warning, at: opcode.location,
          "LFO step \(index) is past the \(rendered) steps rendered; ignored"))
    }
  }

  /// ARIA's further waves (opcodes/lfoN_waveX.md): one for each number from 2 that any of
  /// `waveX`, `ratioX`, `scaleX` or `offsetX` names, each at ratio and scale 1 unless told.
  private func subwaves(
    _ numbered: [String: [Int: (value: Double, opcode: SFZOpcode)]], slot: Int,
    defaultWave: UInt8, _ pools: inout LFOPools, _ diagnostics: inout [SFZDiagnostic]
  ) {
    let indices = Set(
      V2ModulatorName.subwaveParameters.flatMap { numbered[$0].map { Array($0.keys) } ?? [] })
    for index in indices.sorted() {
      guard pools.subwaves.count < Int(SC_V2_MAX_LFO_SUBWAVES) else {
        diagnostics.append(
          SFZDiagnostic(
            .warning, at: region.location,
            "LFO sub-wave \(index) is past the \(SC_V2_MAX_LFO_SUBWAVES) per region rendered; "
              + "ignored"))
        continue
      }
      func value(_ parameter: String) -> Float? {
        numbered[parameter]?[index].map { Float($0.value) }
      }
      var wave = defaultWave
      if let given = numbered["wave"]?[index] {
        wave = renderedWave(given.value, given.opcode, &diagnostics)
      }
      pools.subwaves.append(
        sc_v2_lfo_subwave(
          slot: UInt8(slot), wave: wave, ratio: value("ratio") ?? 1, scale: value("scale") ?? 1,
          offset: value("offset") ?? 0))
    }
  }

  /// Fills a flex envelope slot over what sc_region_init left in it.
  private func flexEnvelope(
    _ opcodes: [(V2ModulatorName, SFZOpcode)], _ e: inout sc_v2_eg_params,
    _ diagnostics: inout [SFZDiagnostic]
  ) {
    var points: [String: [Int: Float]] = [:]
    for (name, opcode) in opcodes where name.controller == nil {
      // egN_dynamic is a choice of "0" and "1" (opcodes/egN_dynamic.md), not a number
      if name.part == .parameter("dynamic") { e.dynamic = opcode.value == "1" }
      guard let value = opcode.number else { continue }
      switch name.part {
      case .parameter("sustain"): e.sustain = Int8(clamping: Int(value))
      // ARIA's boolean (opcodes/egN_ampeg.md, `eg1_ampeg=1`), also written as a depth
      // (modulations/envelope_generators.md, `eg01_ampeg=100`): any value but 0 turns it on
      case .parameter("ampeg"): e.ampeg = value != 0
      case .point(let parameter, let point) where point < Int(SC_V2_MAX_EG_POINTS):
        points[parameter, default: [:]][point] = Float(value)
      case .point(_, let point):
        diagnostics.append(
          SFZDiagnostic(
            .warning, at: opcode.location,
            "envelope point \(point) is past the \(SC_V2_MAX_EG_POINTS) points rendered; ignored"))
      default: break
      }
    }
    // egN_curveX (ARIA, opcodes/egN_curveX.md) shapes a segment with a <curve>; it makes no point
    let curves = points.removeValue(forKey: "curve") ?? [:]
    var last = points.values.flatMap(\.keys).max() ?? -1
    // A point a controller alone sets (`eg1_level3_oncc1` with no eg1_level3) exists, at time
    // and level 0 before the controller adds to them.
    for (name, _) in opcodes where name.controller?.form == "on" {
      if case .point(let parameter, let point) = name.part, parameter != "shape",
        point < Int(SC_V2_MAX_EG_POINTS)
      {
        last = max(last, point)
      }
    }
    e.point_count = UInt8(last + 1)
    if Int(e.sustain) > last { e.sustain = -1 }
    Self.fill(&e.time, points["time"] ?? [:])
    Self.fill(&e.level, points["level"] ?? [:])
    Self.fill(&e.shape, points["shape"] ?? [:])
    let kept = curves.sorted { $0.key < $1.key }.prefix(Int(SC_V2_MAX_EG_CURVES))
    if curves.count > kept.count {
      diagnostics.append(
        SFZDiagnostic(
          .warning, at: region.location,
          "\(curves.count) envelope segments with a curve; only the first \(SC_V2_MAX_EG_CURVES) follow theirs"
        ))
    }
    e.curve_count = UInt8(kept.count)
    withUnsafeMutableBytes(of: &e.curves) { raw in
      let slots = raw.bindMemory(to: sc_v2_eg_curve.self)
      for (i, (point, curve)) in kept.enumerated() {
        let index = curve.isFinite ? Int16(clamping: Int(max(min(curve, 32_767), -1))) : -1
        slots[i] = sc_v2_eg_curve(point: UInt8(point), curve: index)
      }
    }
  }

  /// Writes values by point into a C array of floats.
  private static func fill<Storage>(_ storage: inout Storage, _ values: [Int: Float]) {
    withUnsafeMutableBytes(of: &storage) { raw in
      let floats = raw.bindMemory(to: Float.self)
      for (point, value) in values where point < floats.count { floats[point] = value }
    }
  }

  /// `steps`: how many steps the LFO renders, whose `stepX_onccY` become links.
  private func lfoLinks(
    _ opcodes: [(V2ModulatorName, SFZOpcode)], slot: Int, steps: Int, lfoSlots: [Int: Int]
  ) -> [sc_v2_link] {
    links(opcodes, slot: slot, output: SC_V2_LINK_LFO, lfoSlots: lfoSlots) { name in
      switch name.part {
      case .parameter(let parameter):
        guard let kind = V2ModulatorName.lfoControlled[parameter] else { return nil }
        return (kind, 0, 1)
      // a step's controller adds percent, as its value (opcodes/lfoN_stepX.md)
      case .point("step", let index) where index <= steps:
        return (SC_V2_LINK_LFO_STEP, index - 1, 0.01)
      default: return nil
      }
    }
  }

  private func egLinks(
    _ opcodes: [(V2ModulatorName, SFZOpcode)], slot: Int, lfoSlots: [Int: Int]
  ) -> [sc_v2_link] {
    links(opcodes, slot: slot, output: SC_V2_LINK_EG, lfoSlots: lfoSlots) { name in
      guard case .point(let parameter, let point) = name.part, point < Int(SC_V2_MAX_EG_POINTS)
      else { return nil }
      switch parameter {
      case "time": return (SC_V2_LINK_EG_TIME, point, 1)
      case "level": return (SC_V2_LINK_EG_LEVEL, point, 1)
      default: return nil
      }
    }
  }

  /// Outputs (`lfo1_pitch=50`, `lfo1_pitch_oncc1=100`) and controlled parameters
  /// (`lfo1_freq_oncc2=3`), each `_onccN` with its `_curveccN`, `_smoothccN` and `_stepccN`.
  /// `parameter` names a controlled parameter's link kind, index, and the factor from the
  /// opcode's unit to the link's. Outputs that move another LFO find it in `lfoSlots`.
  private func links(
    _ opcodes: [(V2ModulatorName, SFZOpcode)], slot: Int, output: sc_v2_link_kind,
    lfoSlots: [Int: Int], parameter: (V2ModulatorName) -> (sc_v2_link_kind, Int, Double)?
  ) -> [sc_v2_link] {
    var byName: [V2ModulatorName: Double] = [:]
    for (name, opcode) in opcodes { if let value = opcode.number { byName[name] = value } }
    var links: [sc_v2_link] = []
    for (name, opcode) in opcodes {
      guard let depth = opcode.number else { continue }
      let kind: sc_v2_link_kind
      let index: Int
      var unit = 1.0
      if case .output(let target) = name.part, let mod = V2ModulatorName.targets[target] {
        kind = output
        index = Int(mod.rawValue)
      } else if case .lfoControl(let parameter, let lfo) = name.part, let moved = lfoSlots[lfo],
        let base = V2ModulatorName.lfoControlTargets[parameter]
      {
        kind = output
        index = base + moved
      } else if name.controller != nil, let (parameterKind, point, scale) = parameter(name) {
        kind = parameterKind
        index = point
        unit = scale
      } else {
        continue
      }
      var link = sc_v2_link(
        kind: UInt8(kind.rawValue), slot: UInt8(slot), index: UInt8(index),
        source: UInt16(SC_V2_NO_SOURCE), curve: -1, depth: Float(depth * unit), smooth: 0, step: 0)
      if let controller = name.controller {
        guard controller.form == "on" else { continue }
        func companion(_ form: String) -> Double? {
          var other = name
          other.controller = V2ModulatorName.Controller(form: form, source: controller.source)
          return byName[other]
        }
        link.source = UInt16(controller.source)
        link.curve = Int32(companion("curve") ?? -1)
        link.smooth = Float(companion("smooth") ?? 0)
        link.step = Float(companion("step") ?? 0)
      }
      links.append(link)
    }
    return links
  }
}
