extension ByteCursor {
  /// The first offset after `offset` where a whole event header reads: a delta time, then a
  /// channel status with all its data bytes, a meta event's `FF` and type, or a SysEx `F0`/`F7`.
  /// Nil when no such offset is left in the track.
  ///
  /// Used to step over data bytes that arrive with no status in effect. A MIDI receiver
  /// ignores such bytes until the next status byte; in a file the bytes just before that status
  /// are the next event's delta time, so the search lands on the delta, not on the status, and
  /// the event keeps its time. A delta of several bytes (high bits set) is not mistaken for a
  /// status because the status must be followed by what it needs.
  func nextEventStart(after offset: Int) -> Int? {
    (offset + 1..<end).first(where: eventHeaderReads(at:))
  }

  private func eventHeaderReads(at start: Int) -> Bool {
    var index = start
    while index < end, bytes[index] & 0x80 != 0 {
      index += 1
      guard index - start < 4 else { return false }
    }
    index += 1  // the delta time's last byte
    guard index < end else { return false }
    let status = bytes[index]
    switch status {
    case 0x80...0xEF:
      let data = index + 1..<index + 1 + MIDIMessage.dataLength(status: status)
      return data.upperBound <= end && data.allSatisfy { bytes[$0] & 0x80 == 0 }
    case 0xFF:
      return index + 1 < end && bytes[index + 1] & 0x80 == 0
    case 0xF0, 0xF7:
      return true
    default:
      return false
    }
  }
}
