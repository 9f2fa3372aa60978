/// What the lexer hands to the instrument builder, in textual order with includes inlined.
enum SFZToken {
  /// `<name>`; `name` is lowercased.
  case header(name: String, location: SFZLocation)
  /// `name=value` after variable expansion; `name` is lowercased, value trimmed.
  case opcode(name: String, value: String, location: SFZLocation)
}
