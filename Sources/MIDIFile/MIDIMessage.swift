/// A MIDI 1.0 channel voice message. Channels are 0...15 (channel 10 in GM terms is 9).
public enum MIDIMessage: Sendable, Equatable {
  /// Key pressed; the velocity is always 1...127 (a note-on with velocity 0 becomes
  /// ``MIDIMessage/noteOff(channel:note:velocity:)``).
  case noteOn(channel: UInt8, note: UInt8, velocity: UInt8)
  /// Key released. A note-on with velocity 0 in the file arrives here with velocity 0.
  case noteOff(channel: UInt8, note: UInt8, velocity: UInt8)
  /// Controller change (CC 0...127, value 0...127).
  case controlChange(channel: UInt8, controller: UInt8, value: UInt8)
  /// Program (patch) change, 0...127.
  case programChange(channel: UInt8, program: UInt8)
  /// Pitch wheel, -8192...8191 with 0 at the centre (raw 14-bit value minus 0x2000).
  case pitchBend(channel: UInt8, value: Int16)
  /// Channel (mono) aftertouch.
  case channelPressure(channel: UInt8, pressure: UInt8)
  /// Polyphonic key pressure on one note.
  case polyPressure(channel: UInt8, note: UInt8, pressure: UInt8)

  /// The channel the message is addressed to, 0...15.
  public var channel: UInt8 {
    switch self {
    case .noteOn(let channel, _, _), .noteOff(let channel, _, _),
      .controlChange(let channel, _, _), .programChange(let channel, _),
      .pitchBend(let channel, _), .channelPressure(let channel, _),
      .polyPressure(let channel, _, _):
      return channel
    }
  }

  /// Decodes a channel message from its status byte (0x80...0xEF) and data bytes (0...127).
  /// `data2` is ignored by the one-data-byte messages (program change, channel pressure).
  init(status: UInt8, data1: UInt8, data2: UInt8) {
    let channel = status & 0x0F
    switch status & 0xF0 {
    case 0x80:
      self = .noteOff(channel: channel, note: data1, velocity: data2)
    case 0x90:
      self =
        data2 == 0
        ? .noteOff(channel: channel, note: data1, velocity: 0)
        : .noteOn(channel: channel, note: data1, velocity: data2)
    case 0xA0:
      self = .polyPressure(channel: channel, note: data1, pressure: data2)
    case 0xB0:
      self = .controlChange(channel: channel, controller: data1, value: data2)
    case 0xC0:
      self = .programChange(channel: channel, program: data1)
    case 0xD0:
      self = .channelPressure(channel: channel, pressure: data1)
    default:
      self = .pitchBend(channel: channel, value: (Int16(data2) << 7 | Int16(data1)) - 0x2000)
    }
  }

  /// Number of data bytes that follow a channel status byte.
  static func dataLength(status: UInt8) -> Int {
    switch status & 0xF0 {
    case 0xC0, 0xD0: return 1
    default: return 2
    }
  }
}
