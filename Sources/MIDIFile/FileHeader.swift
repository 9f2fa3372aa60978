/// The `MThd` chunk, and where the Standard MIDI File sits inside the data.
struct FileHeader {
  var format: Int
  var declaredTrackCount: Int
  /// Absolute offset of the header's track count field, for messages about it.
  var trackCountOffset: Int
  var division: Division
  /// Absolute offset of the first chunk after `MThd`.
  var chunksStart: Int
  /// Absolute offset one past the last byte of the MIDI file (the end of an RMID `data` chunk).
  var end: Int

  /// Finds and decodes the header of a plain or RMID-wrapped MIDI file.
  init(bytes: [UInt8], file: String) throws(MIDIFileError) {
    let range = try Self.midiRange(in: bytes, file: file)
    let start = range.lowerBound
    guard bytes.hasTag("MThd", at: start) else {
      throw .notMIDI(
        file: file, offset: start, found: "no MThd header; " + Diagnostic.preview(bytes[range]))
    }
    guard range.count >= 14 else {
      throw .headerTooShort(file: file, offset: start, needed: 14, available: range.count)
    }
    let length = bytes.bigEndian(at: start + 4, count: 4)
    guard length >= 6 else {
      throw .headerTooShort(file: file, offset: start, needed: 6, available: length)
    }
    guard length <= range.count - 8 else {
      throw .truncatedChunk(
        file: file, offset: start, chunk: "MThd", needed: length, available: range.count - 8)
    }
    format = bytes.bigEndian(at: start + 8, count: 2)
    guard format <= 2 else {
      throw .unsupportedFormat(file: file, offset: start + 8, format: format)
    }
    trackCountOffset = start + 10
    declaredTrackCount = bytes.bigEndian(at: trackCountOffset, count: 2)
    let divisionValue = UInt16(bytes.bigEndian(at: start + 12, count: 2))
    guard let division = Division(headerValue: divisionValue) else {
      throw .invalidDivision(file: file, offset: start + 12, value: divisionValue)
    }
    self.division = division
    chunksStart = start + 8 + length
    end = range.upperBound
  }

  /// The whole data, or for an RMID file (`RIFF` size `RMID`, then RIFF chunks) the contents of
  /// its `data` chunk.
  private static func midiRange(in bytes: [UInt8], file: String) throws(MIDIFileError) -> Range<
    Int
  > {
    guard bytes.hasTag("RIFF", at: 0), bytes.count >= 12 else { return 0..<bytes.count }
    guard bytes.hasTag("RMID", at: 8) else {
      throw .notMIDI(
        file: file, offset: 0,
        found: "a RIFF file that is not RMID; " + Diagnostic.preview(bytes[...]))
    }
    let riffEnd = min(bytes.count, 8 + bytes.littleEndian32(at: 4))
    var position = 12
    while position + 8 <= riffEnd {
      let size = bytes.littleEndian32(at: position + 4)
      let body = position + 8
      if bytes.hasTag("data", at: position) {
        return body..<min(riffEnd, body + size)
      }
      position = body + size + (size & 1)
    }
    throw .notMIDI(file: file, offset: 12, found: "RIFF RMID file without a data chunk")
  }
}
