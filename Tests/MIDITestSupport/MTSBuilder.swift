/// MIDI Tuning Standard messages written out by hand from the specification (MMA, "MIDI Tuning
/// Updated Specification", with CA-020), so tests do not build their input with the decoder's
/// own code.
public enum MTSBuilder {
  /// `xx yy zz` for a pitch in cents above MIDI note 0: the semitone, then 14 bits of the
  /// fraction of a semitone above it in steps of 100/16384 cent.
  public static func pitch(cents: Double) -> [UInt8] {
    let steps = Int((cents / 100 * 16_384).rounded())
    return [UInt8(steps / 16_384), UInt8(steps / 128 % 128), UInt8(steps % 128)]
  }

  /// The pitch `pitch(cents:)` writes, rounded to the 100/16384-cent steps it can hold.
  public static func written(cents: Double) -> Double {
    (cents / 100 * 16_384).rounded() / 16_384 * 100
  }

  /// Single note tuning change, real-time: F0 7F <device> 08 02 tt ll [kk xx yy zz]... F7.
  public static func singleNote(_ changes: [(key: UInt8, cents: Double)], program: UInt8 = 0)
    -> [UInt8]
  {
    [0xF0, 0x7F, 0x7F, 0x08, 0x02, program, UInt8(changes.count)]
      + changes.flatMap { [$0.key] + pitch(cents: $0.cents) } + [0xF7]
  }

  /// Single note tuning change with a bank: F0 7E|7F <device> 08 07 bb tt ll [...] F7.
  public static func singleNoteWithBank(
    _ changes: [(key: UInt8, cents: Double)], realTime: Bool, bank: UInt8 = 0
  ) -> [UInt8] {
    [0xF0, realTime ? 0x7F : 0x7E, 0x7F, 0x08, 0x07, bank, 0, UInt8(changes.count)]
      + changes.flatMap { [$0.key] + pitch(cents: $0.cents) } + [0xF7]
  }

  /// A bulk tuning dump, F0 7E <device> 08 01 tt <name> [xx yy zz]x128 <checksum> F7, or with
  /// `bank` the key-based tuning dump F0 7E <device> 08 04 bb tt <name> ... F7. `cents(key)`
  /// nil writes "no change" (7F 7F 7F). The checksum is the XOR of the bytes from 7E on.
  public static func dump(
    name: String, bank: UInt8? = nil, device: UInt8 = 0x10, cents: (Int) -> Double?
  ) -> [UInt8] {
    let nameBytes =
      Array(name.utf8.prefix(16)) + Array(repeating: 0x20, count: 16 - min(16, name.utf8.count))
    let header: [UInt8] = [0x7E, device, 0x08] + (bank.map { [0x04, $0] } ?? [0x01]) + [3]
    let body =
      header + nameBytes
      + (0..<128).flatMap { key in
        cents(key).map(pitch(cents:)) ?? [0x7F, 0x7F, 0x7F]
      }
    return [0xF0] + body + [body.reduce(0, ^) & 0x7F, 0xF7]
  }
}
