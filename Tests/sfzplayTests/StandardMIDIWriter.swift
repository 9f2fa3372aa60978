/// A minimal Standard MIDI File writer for test fixtures.
struct StandardMIDIWriter {
  /// One track event: delta ticks and raw bytes (status included).
  struct Event {
    var delta: Int
    var bytes: [UInt8]
  }

  var format: UInt16
  var ticksPerQuarter: UInt16
  var tracks: [[Event]]

  /// The file's bytes; every track gets an End-of-Track event.
  var bytes: [UInt8] {
    var data: [UInt8] = Array("MThd".utf8) + bigEndian(6, count: 4)
    data += bigEndian(Int(format), count: 2) + bigEndian(tracks.count, count: 2)
    data += bigEndian(Int(ticksPerQuarter), count: 2)
    for track in tracks {
      var body: [UInt8] = []
      for event in track + [Event(delta: 0, bytes: [0xFF, 0x2F, 0x00])] {
        body += variableLength(event.delta) + event.bytes
      }
      data += Array("MTrk".utf8) + bigEndian(body.count, count: 4) + body
    }
    return data
  }

  private func bigEndian(_ value: Int, count: Int) -> [UInt8] {
    Self.bigEndianBytes(value, count: count)
  }

  fileprivate static func bigEndianBytes(_ value: Int, count: Int) -> [UInt8] {
    (0..<count).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) }
  }

  private func variableLength(_ value: Int) -> [UInt8] {
    var groups = [UInt8(value & 0x7F)]
    var rest = value >> 7
    while rest > 0 {
      groups.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
      rest >>= 7
    }
    return groups
  }
}

extension StandardMIDIWriter.Event {
  /// A Set Tempo meta event.
  static func tempo(delta: Int, microsecondsPerQuarter: Int) -> Self {
    Self(
      delta: delta,
      bytes: [0xFF, 0x51, 0x03]
        + StandardMIDIWriter.bigEndianBytes(microsecondsPerQuarter, count: 3))
  }

  /// A note-on.
  static func noteOn(delta: Int, key: UInt8, velocity: UInt8 = 127, channel: UInt8 = 0) -> Self {
    Self(delta: delta, bytes: [0x90 | channel, key, velocity])
  }

  /// A note-off.
  static func noteOff(delta: Int, key: UInt8, channel: UInt8 = 0) -> Self {
    Self(delta: delta, bytes: [0x80 | channel, key, 0])
  }
}
