/// Looks opcode names up in the hand-written table of SFZ opcodes (`OpcodeEntries*.swift`).
///
/// ```swift
/// let match = SFZOpcodeTable.shared.lookup("ampeg_attackcc1")
/// // match?.canonicalName == "ampeg_attack_oncc1", match?.spec.kind == .float
/// ```
public struct SFZOpcodeTable: Sendable {
  /// A name found in the table.
  public struct Match: Sendable, Hashable {
    /// The canonical name with the numbers of the looked-up name filled in.
    public var canonicalName: String
    /// The entry that matched.
    public var spec: SFZOpcodeSpec
  }

  /// The table built from every entry this module defines.
  public static let shared = SFZOpcodeTable(entries: OpcodeEntries.all)

  /// Every entry, in definition order.
  public let entries: [SFZOpcodeSpec]
  /// Shape (numbers and placeholders replaced by `#`) -> (entry index, matched spelling).
  private let shapes: [String: (Int, String)]
  /// Entries written `prefix_*` (the `hint_*` family): any name with that prefix.
  private let prefixes: [(String, Int)]

  /// Builds a table. For every entry whose pattern has an `_onccN` part, the SFZ v1 spellings
  /// `_ccN` and `ccN` (`ampeg_attackccN`) are added as aliases: the formats treat them alike
  /// and `_onccN` is the canonical form.
  public init(entries: [SFZOpcodeSpec]) {
    self.entries = entries
    var shapes: [String: (Int, String)] = [:]
    for (index, entry) in entries.enumerated() {
      var spellings = [entry.pattern] + entry.aliases
      for onccSuffix in ["_onccN", "_onccX", "_onccY"] where entry.pattern.contains(onccSuffix) {
        let placeholder = String(onccSuffix.suffix(1))
        spellings.append(
          entry.pattern.replacingOccurrences(of: onccSuffix, with: "_cc" + placeholder))
        spellings.append(
          entry.pattern.replacingOccurrences(of: onccSuffix, with: "cc" + placeholder))
      }
      for spelling in spellings {
        let shape = Self.patternShape(spelling)
        if shapes[shape] == nil { shapes[shape] = (index, spelling) }
      }
    }
    self.shapes = shapes
    self.prefixes = entries.enumerated().compactMap { index, entry in
      entry.pattern.hasSuffix("*") ? (String(entry.pattern.dropLast()), index) : nil
    }
  }

  /// Finds a concrete (lowercase) opcode name; `nil` when the table does not know it.
  public func lookup(_ name: String) -> Match? {
    let bytes = Array(name.utf8)
    var runs: [Range<Int>] = []
    var i = 0
    while i < bytes.count {
      if Self.isDigit(bytes[i]) {
        let start = i
        while i < bytes.count && Self.isDigit(bytes[i]) { i += 1 }
        runs.append(start..<i)
      } else {
        i += 1
      }
    }
    for (prefix, index) in prefixes where name.hasPrefix(prefix) {
      return Match(canonicalName: name, spec: entries[index])
    }
    guard runs.count <= 4 else { return nil }
    // Try the most literal reading first, so `cutoff2` finds its own entry before `cutoffN`.
    let masks = (0..<(1 << runs.count)).sorted { $0.nonzeroBitCount < $1.nonzeroBitCount }
    for mask in masks {
      var shape: [UInt8] = []
      var numbers: [Substring] = []
      var position = 0
      for (index, run) in runs.enumerated() {
        shape.append(contentsOf: bytes[position..<run.lowerBound])
        if mask & (1 << index) != 0 {
          shape.append(UInt8(ascii: "#"))
          numbers.append(Substring(String(decoding: bytes[run], as: UTF8.self)))
        } else {
          shape.append(contentsOf: bytes[run])
        }
        position = run.upperBound
      }
      shape.append(contentsOf: bytes[position...])
      if let (index, _) = shapes[String(decoding: shape, as: UTF8.self)] {
        let spec = entries[index]
        return Match(canonicalName: Self.fill(spec.pattern, with: numbers), spec: spec)
      }
    }
    return nil
  }

  private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

  private static func isPlaceholder(_ c: Character) -> Bool { c == "N" || c == "X" || c == "Y" }

  private static func patternShape(_ pattern: String) -> String {
    String(pattern.map { isPlaceholder($0) ? "#" : $0 })
  }

  private static func fill(_ pattern: String, with numbers: [Substring]) -> String {
    var result = ""
    var next = numbers.makeIterator()
    for c in pattern {
      if isPlaceholder(c), let number = next.next() {
        result += number
      } else {
        result.append(c)
      }
    }
    return result
  }
}
