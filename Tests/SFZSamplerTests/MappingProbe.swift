import SFZ

@testable import SFZSampler

/// Maps single regions with a sine for their sample, without loading an instrument, to see
/// which opcodes the mapping reads.
enum MappingProbe {
  static let sine = Generators.audio(for: "*sine")!

  /// The names of the region's opcodes that mapping it left unread.
  static func unread(_ region: SFZRegion) -> [String] {
    let mapping = RegionMapping(
      region: region, audio: sine, sampleIndex: 0, reversedSampleIndex: 0, isGenerator: false)
    _ = mapping.make()
    return mapping.region.unread().map(\.name)
  }

  /// Whether the mapping reads the canonical opcode `name` when a region writes it.
  static func reads(_ name: String) -> Bool {
    let region = SFZRegion(
      opcodes: [name: opcode(name)], location: SFZLocation(file: "probe.sfz", line: 1))
    return !unread(region).contains(name)
  }

  /// `name` with a value its table entry takes: 1 for numbers (or the nearest end of the
  /// range), the first word of a choice, any text otherwise.
  static func opcode(_ name: String) -> SFZOpcode {
    let location = SFZLocation(file: "probe.sfz", line: 1)
    switch SFZOpcodeTable.shared.lookup(name)?.spec {
    case let spec? where spec.kind == .int || spec.kind == .float || spec.kind == .note:
      let number = spec.range.map { min(max(1, $0.lowerBound), $0.upperBound) } ?? 1
      return SFZOpcode(name: name, value: "\(number)", location: location, number: number)
    case let spec?:
      if case .choice(let words) = spec.kind {
        return SFZOpcode(name: name, value: words[0], location: location)
      }
      return SFZOpcode(name: name, value: "x", location: location)
    case nil:
      return SFZOpcode(name: name, value: "x", location: location)
    }
  }

  /// The pattern of a table entry as a concrete name: each number placeholder (`N`, `X`, `Y`)
  /// becomes `number`, and a trailing `*` any suffix.
  static func concrete(_ pattern: String, number: Int) -> String {
    var name = ""
    for c in pattern {
      switch c {
      case "N", "X", "Y": name += String(number)
      case "*": name += "any"
      default: name.append(c)
      }
    }
    return name
  }
}
