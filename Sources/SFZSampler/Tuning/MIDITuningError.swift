/// Why a MIDI Tuning Standard SysEx message was refused. The payloads are numbers only, so a
/// message can be refused on the render thread without allocating.
public enum MIDITuningError: Error, Equatable, CustomStringConvertible {
  /// The message does not end with F7 (End of Exclusive).
  case missingEndOfExclusive
  /// The message is not as long as its kind (sub-ID #2) and its count of notes make it.
  case wrongLength(subID: UInt8, expected: Int, actual: Int)
  /// A byte between F0 and F7 has its top bit set (at `offset` from the F0).
  case statusByteInData(offset: Int, byte: UInt8)
  /// A tuning dump's checksum does not match its bytes.
  case checksumMismatch(expected: UInt8, found: UInt8)
  /// A MIDI Tuning Standard message this sampler does not apply: scale/octave tunings (sub-ID
  /// #2 05, 06, 08, 09), which tune channels while this sampler has one tuning for all, and
  /// sub-IDs the standard does not define in this form (real-time or not).
  case unsupported(subID: UInt8, isRealTime: Bool)

  /// One line saying what is wrong with the message.
  public var description: String {
    switch self {
    case .missingEndOfExclusive:
      return "MIDI tuning message without F7 at its end"
    case .wrongLength(let subID, let expected, let actual):
      return "MIDI tuning message 08 \(Self.hex(subID)) is \(actual) bytes long where its"
        + " header says \(expected)"
    case .statusByteInData(let offset, let byte):
      return "MIDI tuning message has the status byte \(Self.hex(byte)) among its data, at byte"
        + " \(offset)"
    case .checksumMismatch(let expected, let found):
      return "MIDI tuning dump checksum is \(Self.hex(found)) where its bytes give"
        + " \(Self.hex(expected))"
    case .unsupported(let subID, let isRealTime):
      let form = isRealTime ? "real-time" : "non-real-time"
      let what =
        (0x05...0x06).contains(subID) || (0x08...0x09).contains(subID)
        ? "scale/octave tuning (per channel) is not supported: the sampler has one tuning for"
          + " all channels"
        : "the MIDI Tuning Standard defines no such \(form) message"
      return "MIDI tuning message 08 \(Self.hex(subID)) (\(form)): \(what)"
    }
  }

  private static func hex(_ byte: UInt8) -> String {
    let text = String(byte, radix: 16, uppercase: true)
    return text.count == 1 ? "0" + text : text
  }
}
