import CSamplerCore
import SFZ

/// ARIA variables: `varNN_onccX` (with `varNN_curveccX`) feed variable NN from controller X,
/// `varNN_mod` says whether the inputs add or multiply, and `varNN_<target>` is what the
/// variable moves (corpus/spec opcodes/varNN_.md, varNN_mod.md, varNN_onccX.md). They become
/// modulation records: inputs target SC_MOD_VARIABLE_SUM or _PRODUCT + n, outputs read
/// SC_SOURCE_VARIABLE + n.
extension RegionMapping {
  /// One `varNN_` opcode taken apart.
  private enum VariablePart {
    case mode
    case input(source: Int)
    case curve(source: Int)
    case output(sc_mod_target)
  }

  private static func variablePart(_ name: String) -> (number: Int, part: VariablePart)? {
    guard name.hasPrefix("var") else { return nil }
    let body = name.dropFirst(3)
    let digits = body.prefix { $0.isASCII && $0.isNumber }
    guard let number = Int(digits), body.dropFirst(digits.count).first == "_" else { return nil }
    let rest = String(body.dropFirst(digits.count + 1))
    if rest == "mod" { return (number, .mode) }
    for (prefix, isCurve) in [("oncc", false), ("curvecc", true)] where rest.hasPrefix(prefix) {
      guard let source = Int(rest.dropFirst(prefix.count)), UnsupportedOpcodes.hasSource(source)
      else { return nil }
      return (number, isCurve ? .curve(source: source) : .input(source: source))
    }
    // The targets are "basically the same standard list as for LFOs or envelopes" (varNN_.md).
    guard let target = V2ModulatorName.targets[rest], target.rawValue < SC_MOD_LIVE_COUNT.rawValue
    else { return nil }
    return (number, .output(target))
  }

  /// The region's variables as modulation records, in a stable order.
  func variables(_ diagnostics: inout [SFZDiagnostic]) -> [sc_modulation] {
    let parts = region.opcodes { name in Self.variablePart(name).map { (name, $0) } }
    guard !parts.isEmpty else { return [] }
    // Variables take slots in the order of their numbers, as many as the engine has.
    let numbers = Set(parts.map { $0.0.1.number }).sorted()
    for number in numbers.dropFirst(Int(SC_MAX_VARIABLES)) {
      let name = parts.first { $0.0.1.number == number }!.0.0
      diagnostics.append(
        warning(
          name, "variable \(number) is past the \(SC_MAX_VARIABLES) variables rendered; ignored"))
    }
    var records: [(String, sc_modulation)] = []
    for (slot, number) in numbers.prefix(Int(SC_MAX_VARIABLES)).enumerated() {
      let mine = parts.filter { $0.0.1.number == number }
      var multiply = false
      var curves: [Int: Int32] = [:]
      for ((name, (_, part)), opcode) in mine {
        switch part {
        case .mode: multiply = opcode.value.lowercased() == "mult"
        case .curve(let source): curves[source] = Int32(clamping: region.int(name) ?? -1)
        default: break
        }
      }
      let inputBase = multiply ? SC_MOD_VARIABLE_PRODUCT : SC_MOD_VARIABLE_SUM
      for ((name, (_, part)), opcode) in mine {
        guard let depth = opcode.number else { continue }
        switch part {
        case .input(let source):
          records.append(
            (
              name,
              sc_modulation(
                target: UInt16(Int(inputBase) + slot), source: UInt16(source),
                curve: curves[source] ?? -1, depth: Float(depth), smooth: 0, step: 0)
            ))
        case .output(let target):
          records.append(
            (
              name,
              sc_modulation(
                target: UInt16(target.rawValue), source: UInt16(Int(SC_SOURCE_VARIABLE) + slot),
                curve: -1, depth: Float(depth), smooth: 0, step: 0)
            ))
        default: break
        }
      }
    }
    return records.sorted { $0.0 < $1.0 }.map(\.1)
  }
}
