/// Builds Standard MIDI File bytes by hand for tests (the MIDI reader's and sfzplay's), so expected values come from the test's
/// own arithmetic rather than from the parser.
public enum SMFBuilder {
  public static func header(format: Int, tracks: Int, division: UInt16) -> [UInt8] {
    Array("MThd".utf8) + be32(6) + be16(format) + be16(tracks) + be16(Int(division))
  }

  /// A complete file: header followed by the given chunks (usually from ``track(_:)``).
  public static func file(
    format: Int = 1, division: UInt16 = 96, declaredTracks: Int? = nil, chunks: [[UInt8]]
  ) -> [UInt8] {
    header(format: format, tracks: declaredTracks ?? chunks.count, division: division)
      + chunks.flatMap { $0 }
  }

  /// An `MTrk` chunk whose length field matches `events`.
  public static func track(_ events: [UInt8]...) -> [UInt8] {
    chunk("MTrk", events.flatMap { $0 })
  }

  public static func chunk(_ tag: String, _ body: [UInt8], declaredLength: Int? = nil) -> [UInt8] {
    Array(tag.utf8) + be32(declaredLength ?? body.count) + body
  }

  /// Delta time followed by raw event bytes (status may be omitted for running status).
  public static func event(_ delta: Int, _ bytes: UInt8...) -> [UInt8] {
    vlq(delta) + bytes
  }

  public static func tempo(_ delta: Int, microsecondsPerQuarter us: Int) -> [UInt8] {
    vlq(delta) + [
      0xFF, 0x51, 0x03, UInt8(us >> 16 & 0xFF), UInt8(us >> 8 & 0xFF), UInt8(us & 0xFF),
    ]
  }

  public static func text(_ delta: Int, _ text: String) -> [UInt8] {
    let bytes = Array(text.utf8)
    return vlq(delta) + [0xFF, 0x01] + vlq(bytes.count) + bytes
  }

  public static func sysex(_ delta: Int, _ body: [UInt8]) -> [UInt8] {
    vlq(delta) + [0xF0] + vlq(body.count + 1) + body + [0xF7]
  }

  public static func endOfTrack(_ delta: Int = 0) -> [UInt8] {
    vlq(delta) + [0xFF, 0x2F, 0x00]
  }

  /// Wraps a MIDI file in a RIFF RMID container, with an odd-sized chunk before `data` so the
  /// RIFF word padding is exercised.
  public static func rmid(_ smf: [UInt8]) -> [UInt8] {
    let info = Array("INFO".utf8) + le32(3) + [1, 2, 3, 0]
    let data = Array("data".utf8) + le32(smf.count) + smf + (smf.count % 2 == 1 ? [0] : [])
    let body = Array("RMID".utf8) + info + data
    return Array("RIFF".utf8) + le32(body.count) + body
  }

  public static func vlq(_ value: Int) -> [UInt8] {
    var groups = [UInt8(value & 0x7F)]
    var rest = value >> 7
    while rest > 0 {
      groups.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
      rest >>= 7
    }
    return groups
  }

  public static func be16(_ value: Int) -> [UInt8] {
    [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  public static func be32(_ value: Int) -> [UInt8] {
    [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF)] + be16(value)
  }

  public static func le32(_ value: Int) -> [UInt8] {
    be32(value).reversed()
  }
}
