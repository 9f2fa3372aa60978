import SFZSampler

/// The System Exclusive messages that reset a General MIDI player, and what they do to every
/// channel. GM System On (MIDI 1.0 RP-003/GM1: `F0 7E 7F 09 01 F7`, GM2 `... 09 03 F7`), Roland
/// GS Reset (`F0 41 dev 42 12 40 00 7F 00 41 F7`) and Yamaha XG System On
/// (`F0 43 1n 4C 00 00 7E 00 F7`) all return the channels to their power-on state: controllers
/// reset, volume 100 and pan centre (the GM defaults, which Reset All Controllers leaves alone
/// by RP-015), bank 0 and program 0; channel 10 stays the drum channel.
enum SystemReset {
  /// Whether `bytes` (a whole message, F0 to F7) is one of the resets, whatever its device id.
  static func isReset(_ bytes: [UInt8]) -> Bool {
    let generalMIDI =
      bytes.count == 6 && bytes[0...3] == [0xF0, 0x7E, bytes[2], 0x09]
      && (bytes[4] == 0x01 || bytes[4] == 0x03) && bytes[5] == 0xF7
    let roland =
      bytes.count == 11 && bytes[0] == 0xF0 && bytes[1] == 0x41
      && Array(bytes[3...10]) == [0x42, 0x12, 0x40, 0x00, 0x7F, 0x00, 0x41, 0xF7]
    let yamaha =
      bytes.count == 9 && bytes[0] == 0xF0 && bytes[1] == 0x43
      && bytes[2] & 0xF0 == 0x10 && Array(bytes[3...8]) == [0x4C, 0x00, 0x00, 0x7E, 0x00, 0xF7]
    return generalMIDI || roland || yamaha
  }

  /// What a reset does to each of the 16 channels, in order.
  static let events: [SamplerEvent] = (UInt8(0)..<16).flatMap { channel -> [SamplerEvent] in
    [
      .controlChange(controller: 121, value: 0, channel: channel),
      .controlChange(controller: 7, value: 100, channel: channel),
      .controlChange(controller: 10, value: 64, channel: channel),
      .controlChange(controller: 0, value: 0, channel: channel),
      .controlChange(controller: 32, value: 0, channel: channel),
      .programChange(program: 0, channel: channel),
    ]
  }
}
