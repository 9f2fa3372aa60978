import MIDITestSupport

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
    SMFBuilder.file(
      format: Int(format), division: ticksPerQuarter,
      chunks: tracks.map { track in
        SMFBuilder.track(
          track.flatMap { SMFBuilder.vlq($0.delta) + $0.bytes } + SMFBuilder.endOfTrack())
      })
  }
}

extension StandardMIDIWriter.Event {
  /// A Set Tempo meta event.
  static func tempo(delta: Int, microsecondsPerQuarter: Int) -> Self {
    Self(
      delta: delta,
      bytes: [0xFF, 0x51, 0x03] + SMFBuilder.be32(microsecondsPerQuarter).dropFirst())
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
