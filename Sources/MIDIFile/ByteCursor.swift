/// Reads big-endian integers and variable-length quantities from a window of the file's bytes,
/// throwing errors that carry absolute file offsets.
struct ByteCursor {
  let bytes: [UInt8]
  let file: String
  /// Absolute offset of the next byte to read.
  var position: Int
  /// Absolute offset one past the last byte this cursor may read.
  let end: Int

  init(bytes: [UInt8], file: String, position: Int, end: Int) {
    self.bytes = bytes
    self.file = file
    self.position = position
    self.end = end
  }

  var remaining: Int { end - position }
  var isAtEnd: Bool { position >= end }

  /// The next byte without consuming it; the caller checks ``isAtEnd`` first.
  func peek() -> UInt8 { bytes[position] }

  /// Reads one byte; when none is left the error reports the event starting at `eventStart`.
  mutating func readByte(eventStart: Int) throws(MIDIFileError) -> UInt8 {
    try require(1, from: eventStart)
    defer { position += 1 }
    return bytes[position]
  }

  mutating func skip(_ count: Int, eventStart: Int) throws(MIDIFileError) {
    try require(count, from: eventStart)
    position += count
  }

  /// Reads a MIDI variable-length quantity (7 bits per byte, high bit = more bytes follow).
  /// The Standard MIDI File specification limits these to 4 bytes (0x0FFFFFFF).
  mutating func readVariableLength(eventStart: Int) throws(MIDIFileError) -> Int {
    let start = position
    var value = 0
    for _ in 0..<4 {
      let byte = try readByte(eventStart: eventStart)
      value = value << 7 | Int(byte & 0x7F)
      if byte & 0x80 == 0 { return value }
    }
    throw .overlongVariableLength(file: file, offset: start)
  }

  /// Throws ``MIDIFileError/truncatedEvent(file:offset:needed:available:)`` unless `count` more
  /// bytes are available; `eventStart` is the offset reported, where the event began.
  func require(_ count: Int, from eventStart: Int) throws(MIDIFileError) {
    guard count > remaining else { return }
    throw .truncatedEvent(
      file: file, offset: eventStart, needed: count + (position - eventStart),
      available: end - eventStart)
  }
}

extension Array where Element == UInt8 {
  /// Big-endian unsigned integer of `count` bytes at `offset`; the caller checks bounds.
  func bigEndian(at offset: Int, count: Int) -> Int {
    var value = 0
    for index in offset..<offset + count {
      value = value << 8 | Int(self[index])
    }
    return value
  }

  /// Little-endian 32-bit unsigned integer at `offset` (RIFF sizes); the caller checks bounds.
  func littleEndian32(at offset: Int) -> Int {
    var value = 0
    for index in (offset..<offset + 4).reversed() {
      value = value << 8 | Int(self[index])
    }
    return value
  }

  /// Whether the four bytes at `offset` spell the ASCII `tag`; false when they run past the end.
  func hasTag(_ tag: StaticString, at offset: Int) -> Bool {
    guard offset >= 0, offset + 4 <= count, tag.utf8CodeUnitCount == 4 else { return false }
    let tagBytes = tag.utf8Start
    return self[offset] == tagBytes[0] && self[offset + 1] == tagBytes[1]
      && self[offset + 2] == tagBytes[2] && self[offset + 3] == tagBytes[3]
  }
}
