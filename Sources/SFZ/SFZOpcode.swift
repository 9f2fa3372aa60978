/// One opcode as the instrument uses it: canonical name, value text, where it was written.
///
/// The name is canonical (lowercase, aliases resolved: `loopmode` becomes `loop_mode`,
/// `ampeg_attackcc1` becomes `ampeg_attack_oncc1`). `value` is the text after `=` with `$`
/// variables expanded and trailing spaces trimmed. `number` is the validated numeric value
/// (clamped to the opcode's range, note names converted, note and octave offsets applied)
/// for opcodes the table knows as numeric, `nil` otherwise.
public struct SFZOpcode: Sendable, Hashable {
  /// Canonical opcode name.
  public var name: String
  /// The name as written (after variable expansion), kept for messages.
  public var writtenName: String
  /// Value text.
  public var value: String
  /// Where the opcode was written.
  public var location: SFZLocation
  /// Validated numeric value, when the opcode is numeric and the value could be read.
  public var number: Double?

  /// Creates an opcode.
  public init(
    name: String, writtenName: String? = nil, value: String, location: SFZLocation,
    number: Double? = nil
  ) {
    self.name = name
    self.writtenName = writtenName ?? name
    self.value = value
    self.location = location
    self.number = number
  }
}
