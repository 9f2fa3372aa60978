/// ASCII byte tests used by the lexer; SFZ syntax is ASCII, values may hold any UTF-8.
enum Byte {
  static let newline: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D
  static let space: UInt8 = 0x20
  static let tab: UInt8 = 0x09
  static let slash: UInt8 = 0x2F
  static let star: UInt8 = 0x2A
  static let less: UInt8 = 0x3C
  static let greater: UInt8 = 0x3E
  static let equals: UInt8 = 0x3D
  static let hash: UInt8 = 0x23
  static let dollar: UInt8 = 0x24
  static let quote: UInt8 = 0x22
  static let underscore: UInt8 = 0x5F

  /// Space, tab, CR, LF, vertical tab, form feed.
  static func isSpace(_ b: UInt8) -> Bool {
    b == space || b == tab || b == newline || b == carriageReturn || b == 0x0B || b == 0x0C
  }

  /// Space or tab: whitespace that does not end a line.
  static func isBlank(_ b: UInt8) -> Bool {
    b == space || b == tab || b == carriageReturn || b == 0x0B || b == 0x0C
  }

  /// Letters, digits and underscore: the characters of a variable identifier.
  static func isIdentifier(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
      || b == underscore
  }

  /// Identifier characters plus `$`: what an opcode name may be made of before expansion.
  static func isOpcodeName(_ b: UInt8) -> Bool { isIdentifier(b) || b == dollar }
}
