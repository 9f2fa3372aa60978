import Foundation

/// Standard MIDI Files written from a list of timed messages.
public enum MIDIBytes {
  /// A format 0 file at 120 bpm (the default tempo) with `ticksPerQuarter` ticks per quarter
  /// note; `events` are channel messages at absolute ticks, in any order.
  public static func format0(ticksPerQuarter: Int, events: [(tick: Int, message: [UInt8])])
    -> Data
  {
    var track: [UInt8] = []
    var last = 0
    for event in events.enumerated().sorted(by: {
      ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset)
    }) {
      track += variableLength(event.element.tick - last) + event.element.message
      last = event.element.tick
    }
    track += [0x00, 0xFF, 0x2F, 0x00]
    func be(_ value: Int, _ bytes: Int) -> [UInt8] {
      (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    let header = Array("MThd".utf8) + be(6, 4) + be(0, 2) + be(1, 2) + be(ticksPerQuarter, 2)
    return Data(header + Array("MTrk".utf8) + be(track.count, 4) + track)
  }

  private static func variableLength(_ value: Int) -> [UInt8] {
    var bytes = [UInt8(value & 0x7F)]
    var rest = value >> 7
    while rest > 0 {
      bytes.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
      rest >>= 7
    }
    return bytes
  }
}
