/// The SFZ specification level an opcode comes from.
public enum SFZSpecVersion: String, Sendable, Hashable {
  /// SFZ v1 (rgc:audio sfz player).
  case v1 = "SFZ v1"
  /// SFZ v2 (Cakewalk).
  case v2 = "SFZ v2"
  /// ARIA extensions (Plogue sforzando).
  case aria = "ARIA"
  /// Extensions defined by another player (sfizz, LinuxSampler, Calfbox).
  case other = "other"
}

/// What kind of value an opcode takes.
public enum SFZValueKind: Sendable, Hashable {
  /// Whole number; a fractional part is dropped with a warning.
  case int
  /// Real number.
  case float
  /// MIDI note: a number 0...127 or a note name such as `c#4`.
  case note
  /// Free text (paths, labels).
  case string
  /// One of a fixed set of lowercase words.
  case choice([String])
}

/// One entry of the opcode table: a name or a name pattern and what its value may be.
///
/// In `pattern`, the uppercase letters `N`, `X` and `Y` stand for numbers:
/// `amp_velcurve_N` matches `amp_velcurve_127`, `eqN_freq_onccX` matches `eq2_freq_oncc74`.
public struct SFZOpcodeSpec: Sendable, Hashable {
  /// Canonical name or pattern.
  public var pattern: String
  /// Value kind.
  public var kind: SFZValueKind
  /// Allowed range for numeric kinds; values outside are clamped with a warning.
  public var range: ClosedRange<Double>?
  /// Specification level.
  public var version: SFZSpecVersion
  /// Other spellings (same placeholders, same order) that mean this opcode.
  public var aliases: [String]

  /// Creates a table entry.
  public init(
    _ pattern: String, _ kind: SFZValueKind, _ range: ClosedRange<Double>? = nil,
    _ version: SFZSpecVersion, aliases: [String] = []
  ) {
    self.pattern = pattern
    self.kind = kind
    self.range = range
    self.version = version
    self.aliases = aliases
  }
}
