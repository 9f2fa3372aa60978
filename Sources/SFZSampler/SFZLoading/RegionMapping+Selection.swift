import CSamplerCore
import SFZ

/// The opcodes that decide when a region plays (keys, channels, controllers, keyswitches, round
/// robins, random layers, triggers) and how its voices end (exclusive and polyphony groups).
extension RegionMapping {
  /// The highest controller a condition reads (`locc137`): the extended controllers too.
  static let highestConditionController = 137
  /// The highest controller a trigger reads: only those that events move (pitch bend 128,
  /// channel and poly pressure 129 and 130).
  static let highestTriggerController = 130

  /// The controller number `name` carries after `prefix`, if that is all it is.
  static func controller(in name: String, _ prefix: String, upTo highest: Int = 127) -> Int? {
    guard name.hasPrefix(prefix) else { return nil }
    let digits = name.dropFirst(prefix.count)
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let n = Int(digits),
      (0...highest).contains(n)
    else { return nil }
    return n
  }

  /// Values of the opcodes `prefix` + controller number, by controller.
  private func controllers(_ prefix: String, upTo highest: Int) -> [Int: Int] {
    var found: [Int: Int] = [:]
    for (cc, opcode) in region.opcodes({ Self.controller(in: $0, prefix, upTo: highest) }) {
      if let value = opcode.number { found[cc] = Int(value) }
    }
    return found
  }

  /// ARIA's high-definition bounds (`lohdccN`/`hihdccN`, 0...1) on the engine's 128 controller
  /// steps: rounded inwards, so the range keeps exactly the steps that lie inside it.
  private func highDefinition(
    _ prefix: String, rounding: FloatingPointRoundingRule,
    upTo highest: Int = Self.highestConditionController
  ) -> [Int: Int] {
    var found: [Int: Int] = [:]
    for (cc, opcode) in region.opcodes({ Self.controller(in: $0, prefix, upTo: highest) }) {
      if let value = opcode.number {
        // a hair of slack, so a bound written as n/127 in decimals lands on step n
        let steps = (value * 127 + (rounding == .up ? -1e-6 : 1e-6)).rounded(rounding)
        found[cc] = Int(min(max(steps, 0), 127))
      }
    }
    return found
  }

  /// A MIDI data value (0...127), when the region writes it.
  private func midi(_ name: String) -> UInt8? {
    region.int(name).map { UInt8(clamping: min(max($0, 0), 127)) }
  }

  /// A key, or no key when the value is outside 0...127; nil when the region does not write it.
  private func key(_ name: String) -> Int16? {
    region.note(name).map { (0...127).contains($0) ? Int16($0) : Int16(SC_NO_KEY) }
  }

  /// Fills the key range; a negative `hikey` (or `lokey` above `hikey`) answers no key at all,
  /// the usual way to make a region answer only its controller trigger.
  func applyKeys(to r: inout sc_region) {
    let lo = region.note("lokey") ?? Int(r.lokey)
    let hi = region.note("hikey") ?? Int(r.hikey)
    if hi < 0 || lo > hi || lo > 127 {
      r.lokey = 1
      r.hikey = 0
    } else {
      r.lokey = UInt8(clamping: max(lo, 0))
      r.hikey = UInt8(clamping: min(hi, 127))
    }
  }

  /// Fills the selection and lifecycle fields of `r`.
  func applySelection(to r: inout sc_region, _ diagnostics: inout [SFZDiagnostic]) {
    // SFZ numbers channels 1...16, the engine 0...15.
    let channel = { (written: Int) in UInt8(clamping: min(max(written, 1), 16) - 1) }
    r.lochan = region.int("lochan").map(channel) ?? r.lochan
    r.hichan = region.int("hichan").map(channel) ?? r.hichan
    r.loprog = midi("loprog") ?? r.loprog
    r.hiprog = midi("hiprog") ?? r.hiprog
    r.lobend = region.int("lobend").map { Int16(clamping: $0) } ?? r.lobend
    r.hibend = region.int("hibend").map { Int16(clamping: $0) } ?? r.hibend
    r.lochanaft = midi("lochanaft") ?? r.lochanaft
    r.hichanaft = midi("hichanaft") ?? r.hichanaft
    r.lopolyaft = midi("lopolyaft") ?? r.lopolyaft
    r.hipolyaft = midi("hipolyaft") ?? r.hipolyaft
    r.lorand = float("lorand") ?? r.lorand
    r.hirand = float("hirand") ?? r.hirand
    let step = { (written: Int) in UInt8(clamping: min(max(written, 1), 100)) }
    r.seq_length = region.int("seq_length").map(step) ?? r.seq_length
    r.seq_position = region.int("seq_position").map(step) ?? r.seq_position
    applyControllerConditions(to: &r, &diagnostics)
    applyTrigger(to: &r, &diagnostics)
    applyKeyswitches(to: &r)
    applyPedalsAndTimer(to: &r)

    r.group = region.int("group").map { Int32(clamping: $0) } ?? r.group
    if let offBy = region.int("off_by") {
      r.has_off_by = true
      r.off_by = Int32(clamping: offBy)
    }
    // Unset, off_mode and off_time keep sc_region_init's: ARIA's time, 6 ms (corpus/spec
    // opcodes/off_mode.md), so an off_time written alone takes effect.
    switch region.string("off_mode")?.lowercased() {
    case "normal": r.off_mode = SC_OFF_NORMAL
    case "fast": r.off_mode = SC_OFF_FAST
    case "time": r.off_mode = SC_OFF_TIME
    default: break
    }
    r.off_time = float("off_time") ?? r.off_time
    applyOffCurve(to: &r, &diagnostics)
    let voices = { (written: Int) in UInt32(clamping: max(written, 0)) }
    r.polyphony = region.int("polyphony").map(voices) ?? r.polyphony
    r.note_polyphony = region.int("note_polyphony").map(voices) ?? r.note_polyphony
    r.note_selfmask =
      region.string("note_selfmask").map { $0.lowercased() != "off" } ?? r.note_selfmask
  }

  /// off_curve and off_shape, the path of an off_mode=time fade (corpus/spec
  /// opcodes/off_curve.md, off_shape.md). Either written gives ARIA's defaults for the other
  /// (syntax.yml: curve 10, shape -10.3616); neither keeps the linear fade.
  private func applyOffCurve(to r: inout sc_region, _ diagnostics: inout [SFZDiagnostic]) {
    guard region.has("off_curve") || region.has("off_shape") else { return }
    r.off_shape = float("off_shape") ?? r.off_shape
    let written = region.int("off_curve") ?? Int(SC_OFF_CURVE_SHAPED.rawValue)
    let curves = [
      SC_OFF_CURVE_STATIC, SC_OFF_CURVE_LINEAR, SC_OFF_CURVE_POWER,
      SC_OFF_CURVE_EXPONENT, SC_OFF_CURVE_SHAPED,
    ]
    guard let curve = curves.first(where: { Int($0.rawValue) == written }) else {
      // 2, "logarithmic, possibly not implemented in any SFZ player", says nothing of its math
      diagnostics.append(warning("off_curve", "off_curve=\(written) is not rendered; linear"))
      r.off_curve = SC_OFF_CURVE_LINEAR
      return
    }
    r.off_curve = curve
    let usable: Bool
    switch curve {
    case SC_OFF_CURVE_POWER: usable = r.off_shape > 0
    case SC_OFF_CURVE_EXPONENT: usable = r.off_shape > 0 && r.off_shape != 1
    default: usable = true
    }
    if !usable {
      diagnostics.append(
        warning(
          "off_curve", "off_curve=\(written) needs a positive off_shape (not 1 for n^x); linear"))
    }
  }

  private func applyControllerConditions(
    to r: inout sc_region, _ diagnostics: inout [SFZDiagnostic]
  ) {
    let highest = Self.highestConditionController
    let lows = controllers("locc", upTo: highest)
      .merging(highDefinition("lohdcc", rounding: .up)) { $1 }
    let highs = controllers("hicc", upTo: highest)
      .merging(highDefinition("hihdcc", rounding: .down)) { $1 }
    let numbers = Set(lows.keys).union(highs.keys).sorted()
    let limit = Int(SC_MAX_CC_CONDITIONS)
    let conditions = numbers.prefix(limit).map { cc in
      sc_cc_range(
        cc: UInt8(cc), lo: UInt8(clamping: min(max(lows[cc] ?? 0, 0), 127)),
        hi: UInt8(clamping: min(max(highs[cc] ?? 127, 0), 127)))
    }
    if numbers.count > limit {
      let dropped = numbers.dropFirst(limit).map { "cc\($0)" }.joined(separator: ", ")
      let name = lows[numbers[limit]] != nil ? "locc\(numbers[limit])" : "hicc\(numbers[limit])"
      diagnostics.append(
        warning(name, "more than \(limit) controller conditions; ignored: \(dropped)"))
    }
    r.cc_condition_count = UInt8(conditions.count)
    withUnsafeMutableBytes(of: &r.cc_conditions) { bytes in
      let slots = bytes.bindMemory(to: sc_cc_range.self)
      for (i, condition) in conditions.enumerated() { slots[i] = condition }
    }
  }

  private func applyTrigger(to r: inout sc_region, _ diagnostics: inout [SFZDiagnostic]) {
    switch region.string("trigger")?.lowercased() {
    case nil: break
    case "attack": r.trigger = SC_TRIGGER_ATTACK
    case "release": r.trigger = SC_TRIGGER_RELEASE
    case "first": r.trigger = SC_TRIGGER_FIRST
    case "legato": r.trigger = SC_TRIGGER_LEGATO
    case "release_key": r.trigger = SC_TRIGGER_RELEASE_KEY
    case let other?:
      diagnostics.append(warning("trigger", "unknown trigger=\(other); played as attack"))
    }
    // A controller trigger replaces the attack trigger; release regions keep theirs (as ARIA).
    // `start_loccN` is the SFZ v2 spelling of the same trigger, `on_lohdccN` ARIA's 0...1 one
    // (corpus/spec opcodes/on_lohdccN.md).
    let highest = Self.highestTriggerController
    let lows = controllers("start_locc", upTo: highest)
      .merging(controllers("on_locc", upTo: highest)) { $1 }
      .merging(highDefinition("on_lohdcc", rounding: .up, upTo: highest)) { $1 }
      .filter { $0.value >= 0 }
    let highs = controllers("start_hicc", upTo: highest)
      .merging(controllers("on_hicc", upTo: highest)) { $1 }
      .merging(highDefinition("on_hihdcc", rounding: .down, upTo: highest)) { $1 }
      .filter { $0.value >= 0 }
    let numbers = Set(lows.keys).union(highs.keys).sorted()
    guard let cc = numbers.first,
      r.trigger != SC_TRIGGER_RELEASE, r.trigger != SC_TRIGGER_RELEASE_KEY
    else { return }
    if numbers.count > 1 {
      let dropped = numbers.dropFirst().map { "cc\($0)" }.joined(separator: ", ")
      let name = lows[numbers[1]] != nil ? "on_locc\(numbers[1])" : "on_hicc\(numbers[1])"
      diagnostics.append(
        warning(name, "one controller trigger per region is played; ignored: \(dropped)"))
    }
    r.trigger = SC_TRIGGER_CC
    r.on_cc.cc = UInt8(cc)
    r.on_cc.lo = lows[cc].map { UInt8(clamping: min($0, 127)) } ?? r.on_cc.lo
    r.on_cc.hi = highs[cc].map { UInt8(clamping: min($0, 127)) } ?? r.on_cc.hi
  }

  private func applyKeyswitches(to r: inout sc_region) {
    // sw_label names the keyswitch for a player's interface.
    region.ignore(["sw_label"])
    if region.has("sw_lokey") || region.has("sw_hikey") {
      r.sw_lokey = Int16(clamping: min(max(region.note("sw_lokey") ?? 0, 0), 127))
      r.sw_hikey = Int16(clamping: min(max(region.note("sw_hikey") ?? 127, 0), 127))
    }
    let none = Int16(SC_NO_KEY)
    // All three are read: sw_last, when set, outranks the range.
    let last = key("sw_last") ?? none
    let lowest = key("sw_lolast") ?? none
    let highest = key("sw_hilast") ?? none
    if last != none {
      r.sw_lolast = last
      r.sw_hilast = last
    } else if lowest != none || highest != none {
      // One end alone names a single key rather than half the keyboard.
      r.sw_lolast = lowest != none ? lowest : highest
      r.sw_hilast = highest != none ? highest : lowest
    }
    r.sw_down = key("sw_down") ?? r.sw_down
    r.sw_up = key("sw_up") ?? r.sw_up
    r.sw_previous = key("sw_previous") ?? r.sw_previous
    r.sw_default = key("sw_default") ?? r.sw_default
    r.sw_vel_previous =
      region.string("sw_vel").map { $0.lowercased() == "previous" } ?? r.sw_vel_previous
  }
}
