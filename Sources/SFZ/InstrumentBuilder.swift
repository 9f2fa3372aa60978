/// Assembles regions from the token stream: header levels, inheritance, `<control>` settings,
/// curves, effects and sample paths.
///
/// Inheritance follows the ARIA model: a region starts from `<global>`, then `<master>`, then
/// `<group>`, then its own opcodes (later wins). A new `<global>` clears master and group, a new
/// `<master>` clears group, a new `<group>` replaces the group. `key=` also sets `lokey`,
/// `hikey` and `pitch_keycenter` at its own level, so a later `lokey=` still overrides it.
struct InstrumentBuilder {
  private enum Level {
    case none, control, global, master, group, region, curve, effect, ignored
  }

  /// Opcodes holding a key number: shifted by `octave_offset * 12 + note_offset`.
  static let keyOpcodes: Set<String> = [
    "key", "lokey", "hikey", "pitch_keycenter", "sw_lokey", "sw_hikey", "sw_last", "sw_lolast",
    "sw_hilast", "sw_down", "sw_up", "sw_previous", "sw_default", "xfin_lokey", "xfin_hikey",
    "xfout_lokey", "xfout_hikey",
  ]

  private(set) var regions: [SFZRegion] = []
  private(set) var curves: [Int: SFZCurve] = [:]
  /// The number a `<curve>` without `curve_index` takes: 7 for the first, after ARIA's built-in
  /// curves 0-6, then one past the highest curve defined so far.
  private var nextCurveIndex = 7
  private(set) var effects: [[SFZOpcode]] = []
  private(set) var control = SFZControl()
  private(set) var diagnostics: [SFZDiagnostic] = []
  private(set) var unknownOpcodes: [String: Int] = [:]

  private var level = Level.none
  private var global: [String: SFZOpcode] = [:]
  private var master: [String: SFZOpcode] = [:]
  private var group: [String: SFZOpcode] = [:]
  private var region: [String: SFZOpcode] = [:]
  private var regionLocation = SFZLocation(file: "", line: 0)
  private var block: [SFZOpcode] = []
  private var blockLocation = SFZLocation(file: "", line: 0)
  private var lookups: [String: SFZOpcodeTable.Match?] = [:]
  private var samples: [String: String?] = [:]
  private let table = SFZOpcodeTable.shared
  private let baseDirectory: String
  private let resolver: PathResolver

  init(baseDirectory: String, resolver: PathResolver) {
    self.baseDirectory = baseDirectory
    self.resolver = resolver
  }

  private mutating func warn(_ location: SFZLocation, _ message: String) {
    diagnostics.append(SFZDiagnostic(.warning, at: location, message))
  }

  mutating func consume(_ token: SFZToken) {
    switch token {
    case .header(let name, let location): openHeader(name, at: location)
    case .opcode(let name, let value, let location): addOpcode(name, value, at: location)
    }
  }

  mutating func finish() { closeBlock() }

  private mutating func openHeader(_ name: String, at location: SFZLocation) {
    closeBlock()
    switch name {
    case "control":
      level = .control
      control.defaultPath = ""
    case "global":
      level = .global
      global = [:]
      master = [:]
      group = [:]
    case "master":
      level = .master
      master = [:]
      group = [:]
    case "group":
      level = .group
      group = [:]
    case "region":
      level = .region
      region = [:]
      regionLocation = location
    case "curve", "effect":
      level = name == "curve" ? .curve : .effect
      block = []
      blockLocation = location
    case "midi", "sample":
      level = .ignored
      warn(location, "header <\(name)> is not supported; its opcodes are ignored")
    default:
      level = .ignored
      warn(location, "unknown header <\(name)>; its opcodes are ignored until the next header")
    }
  }

  private mutating func closeBlock() {
    switch level {
    case .region: finishRegion()
    case .curve: finishCurve()
    case .effect: effects.append(block)
    default: break
    }
    level = .none
  }

  private mutating func addOpcode(_ name: String, _ value: String, at location: SFZLocation) {
    switch level {
    case .none:
      warn(location, "opcode '\(name)' outside of any header ignored")
    case .ignored:
      break
    case .curve:
      block.append(SFZOpcode(name: name, value: value, location: location))
    case .effect:
      let canonical = lookup(name)?.canonicalName ?? name
      block.append(SFZOpcode(name: canonical, writtenName: name, value: value, location: location))
    case .control:
      if let opcode = validated(name, value, at: location) { applyControl(opcode) }
    case .global: for opcode in levelOpcodes(name, value, location) { global[opcode.name] = opcode }
    case .master: for opcode in levelOpcodes(name, value, location) { master[opcode.name] = opcode }
    case .group: for opcode in levelOpcodes(name, value, location) { group[opcode.name] = opcode }
    case .region: for opcode in levelOpcodes(name, value, location) { region[opcode.name] = opcode }
    }
  }

  /// The validated opcode, plus `lokey`, `hikey` and `pitch_keycenter` when it is `key`.
  private mutating func levelOpcodes(_ name: String, _ value: String, _ location: SFZLocation)
    -> [SFZOpcode]
  {
    guard let opcode = validated(name, value, at: location) else { return [] }
    guard opcode.name == "key" else { return [opcode] }
    return [opcode]
      + ["lokey", "hikey", "pitch_keycenter"].map { implied in
        var copy = opcode
        copy.name = implied
        return copy
      }
  }

  private mutating func lookup(_ name: String) -> SFZOpcodeTable.Match? {
    if let cached = lookups[name] { return cached }
    let match = table.lookup(name)
    lookups[name] = match
    return match
  }

  /// Checks a value against the table; `nil` when the opcode must be dropped.
  private mutating func validated(_ name: String, _ value: String, at location: SFZLocation)
    -> SFZOpcode?
  {
    guard let match = lookup(name) else {
      unknownOpcodes[name, default: 0] += 1
      if unknownOpcodes[name] == 1 { warn(location, "unknown opcode '\(name)'") }
      return SFZOpcode(name: name, value: value, location: location)
    }
    var opcode = SFZOpcode(
      name: match.canonicalName, writtenName: name, value: value, location: location)
    let spec = match.spec
    switch spec.kind {
    case .string:
      return opcode
    case .choice(let words):
      let word = value.lowercased()
      guard words.contains(word) else {
        let expected = words.joined(separator: ", ")
        warn(location, "invalid value '\(value)' for '\(name)' ignored (expected \(expected))")
        return nil
      }
      opcode.value = word
      return opcode
    case .note:
      if let note = ValueReading.noteNumber(value) {
        opcode.number = Double(note)
        return opcode
      }
      if opcode.name == "pitch_keycenter" && value.lowercased() == "sample" { return opcode }
      return numeric(opcode, spec, isInteger: true)
    case .int:
      return numeric(opcode, spec, isInteger: true)
    case .float:
      return numeric(opcode, spec, isInteger: false)
    }
  }

  private mutating func numeric(_ input: SFZOpcode, _ spec: SFZOpcodeSpec, isInteger: Bool)
    -> SFZOpcode?
  {
    var opcode = input
    let written = "\(opcode.writtenName)=\(opcode.value)"
    guard let (read, rest) = ValueReading.leadingNumber(opcode.value) else {
      warn(opcode.location, "invalid value in '\(written)'; opcode ignored")
      return nil
    }
    if !rest.isEmpty {
      let numberText = String(opcode.value.dropLast(rest.count))
      var message = "trailing characters '\(rest)' in '\(written)' ignored; read as \(numberText)"
      if rest.contains("=") {
        message += " (a missing space? the opcode in '\(rest)' is lost)"
      }
      warn(opcode.location, message)
    }
    var number = read
    if isInteger && number.rounded(.towardZero) != number {
      number.round(.towardZero)
      warn(opcode.location, "'\(written)' expects a whole number; read as \(Int(number))")
    }
    if let range = spec.range, !range.contains(number) {
      let clamped = min(max(number, range.lowerBound), range.upperBound)
      warn(
        opcode.location,
        "'\(written)' out of range \(Self.format(range.lowerBound))...\(Self.format(range.upperBound)); clamped to \(Self.format(clamped))"
      )
      number = clamped
    }
    opcode.number = number
    return opcode
  }

  static func format(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  private mutating func applyControl(_ opcode: SFZOpcode) {
    let name = opcode.name
    switch name {
    case "default_path":
      control.defaultPath = opcode.value.replacingOccurrences(of: "\\", with: "/")
    case "note_offset":
      control.noteOffset = Int(opcode.number ?? 0)
    case "octave_offset":
      control.octaveOffset = Int(opcode.number ?? 0)
    default:
      if let cc = Self.index(of: name, after: "set_cc"), let value = opcode.number {
        control.setCC[cc] = value / 127
      } else if let cc = Self.index(of: name, after: "set_hdcc")
        ?? Self.index(
          of: name, after: "set_realcc"), let value = opcode.number
      {
        control.setCC[cc] = value
      } else if let cc = Self.index(of: name, after: "label_cc") {
        control.ccLabels[cc] = opcode.value
      } else if let key = Self.index(of: name, after: "label_key") {
        control.keyLabels[key] = opcode.value
      } else {
        control.otherOpcodes.append(opcode)
      }
    }
  }

  private static func index(of name: String, after prefix: String) -> Int? {
    guard name.hasPrefix(prefix) else { return nil }
    return Int(name.dropFirst(prefix.count))
  }

  private mutating func finishRegion() {
    var merged = global
    merged.merge(master) { $1 }
    merged.merge(group) { $1 }
    merged.merge(region) { $1 }
    let offset = control.octaveOffset * 12 + control.noteOffset
    if offset != 0 {
      for name in Self.keyOpcodes {
        // Negative keys (`hikey=-1`) mean "no key" and are not shifted.
        guard var opcode = merged[name], let number = opcode.number, number >= 0 else { continue }
        let shifted = min(max(number + Double(offset), 0), 127)
        if shifted != number + Double(offset) {
          warn(opcode.location, "'\(name)' shifted by \(offset) leaves 0...127; clamped")
        }
        opcode.number = shifted
        opcode.value = Self.format(shifted)
        merged[name] = opcode
      }
    }
    var result = SFZRegion(opcodes: merged, location: regionLocation)
    if let sample = merged["sample"]?.value, !sample.isEmpty {
      (result.samplePath, result.sampleExists) = resolveSample(sample)
    }
    regions.append(result)
  }

  /// `default_path` + `sample`, backslashes as `/`, relative to the main file's folder;
  /// generators (`*sine`) are kept as written. A missing file is reported once.
  private mutating func resolveSample(_ sample: String) -> (String, Bool) {
    if sample.hasPrefix("*") { return (sample, true) }
    let written = (control.defaultPath + sample).replacingOccurrences(of: "\\", with: "/")
    let expected = PathResolver.normalize(
      written.hasPrefix("/") ? written : baseDirectory + "/" + written)
    if let known = samples[expected] { return (known ?? expected, known != nil) }
    let found = resolver.resolve(expected)
    samples[expected] = found
    if found == nil {
      warn(regionLocation, "sample '\(written)' not found (looked for \(expected))")
    }
    return (found ?? expected, found != nil)
  }

  /// Curve points `vNNN` are joined by straight lines; an end without a point is 0 at v000 and
  /// 1 at v127, so a curve with no points is the identity ramp. `curve_index` is held to ARIA's
  /// 0...255 (corpus/spec sfzformat/docs/headers/curve.md); indices above are the engine's own. A
  /// curve without one takes the next number (below).
  private mutating func finishCurve() {
    var indexOpcode: SFZOpcode?
    var points: [Int: Float] = [:]
    for opcode in block {
      if opcode.name == "curve_index" {
        indexOpcode = opcode
      } else if opcode.name.hasPrefix("v"), let point = Int(opcode.name.dropFirst()),
        (0...127).contains(point), let value = ValueReading.leadingNumber(opcode.value)?.value
      {
        points[point] = Float(value)
      } else {
        warn(opcode.location, "opcode '\(opcode.name)' not valid in <curve>; ignored")
      }
    }
    // corpus/spec sfzformat/docs/headers/curve.md numbers curves only through curve_index and
    // keeps 0-6 for ARIA's built-in curves; it says nothing of a <curve> without one. Instruments
    // address such curves by their place, as the reference player numbers them: the first is 7,
    // each next one past the highest number defined before it.
    let index: Int
    if let indexOpcode {
      guard let number = ValueReading.leadingNumber(indexOpcode.value)?.value,
        (0...255).contains(number)
      else {
        warn(
          indexOpcode.location,
          "curve_index=\(indexOpcode.value) is not a number in 0...255; <curve> ignored")
        return
      }
      index = Int(number)
    } else {
      guard nextCurveIndex <= 255 else {
        warn(blockLocation, "<curve> without a curve_index past curve 255; ignored")
        return
      }
      index = nextCurveIndex
    }
    nextCurveIndex = max(nextCurveIndex, index + 1)
    if points[0] == nil { points[0] = 0 }
    if points[127] == nil { points[127] = 1 }
    let known = points.keys.sorted()
    var curve = [Float](repeating: 0, count: 128)
    for (left, right) in zip(known, known.dropFirst()) {
      let from = points[left, default: 0]
      let to = points[right, default: 0]
      for x in left...right {
        let t = Float(x - left) / Float(right - left)
        curve[x] = from + (to - from) * t
      }
    }
    curves[index] = SFZCurve(points: curve, location: blockLocation)
  }
}
