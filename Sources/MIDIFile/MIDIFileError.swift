/// A problem found while reading a Standard MIDI File.
///
/// Every case names the file and, where the problem sits at a place in the data, the byte offset
/// from the start of the file (for RMID files: from the start of the RIFF container).
///
/// Some cases are fatal and thrown by ``MIDIFile/init(data:name:)``; the track-level ones are
/// usually recovered from, and their ``description`` then appears in ``MIDIFile/warnings``.
///
/// ```swift
/// do {
///   _ = try MIDIFile(data: bytes, name: "song.mid")
/// } catch {
///   print(error)  // song.mid: byte 0: not a Standard MIDI File (starts with "RIFF....WAVE")
/// }
/// ```
public enum MIDIFileError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The file could not be read from disk.
  case unreadable(file: String, reason: String)
  /// The data does not start with an `MThd` header (nor an RMID container holding one).
  case notMIDI(file: String, offset: Int, found: String)
  /// The `MThd` chunk is shorter than its 6 mandatory bytes, or its declared length runs past
  /// the end of the data.
  case headerTooShort(file: String, offset: Int, needed: Int, available: Int)
  /// The header declares a format other than 0, 1 or 2.
  case unsupportedFormat(file: String, offset: Int, format: Int)
  /// The header's time division is zero ticks, or an SMPTE rate other than 24, 25, 29 or 30.
  case invalidDivision(file: String, offset: Int, value: UInt16)
  /// A chunk declares more bytes than the data holds.
  case truncatedChunk(file: String, offset: Int, chunk: String, needed: Int, available: Int)
  /// A variable-length quantity runs past 4 bytes.
  case overlongVariableLength(file: String, offset: Int)
  /// An event needs more bytes than are left in its track.
  case truncatedEvent(file: String, offset: Int, needed: Int, available: Int)
  /// A data byte appears where a status byte is needed and no running status is in effect.
  case missingStatus(file: String, offset: Int, byte: UInt8)
  /// A status byte (high bit set) appears where a channel message needs a data byte.
  case unexpectedStatus(file: String, offset: Int, byte: UInt8)

  /// The file name given to the parser (or the last path component of the URL).
  public var file: String {
    switch self {
    case .unreadable(let file, _), .notMIDI(let file, _, _), .headerTooShort(let file, _, _, _),
      .unsupportedFormat(let file, _, _), .invalidDivision(let file, _, _),
      .truncatedChunk(let file, _, _, _, _), .overlongVariableLength(let file, _),
      .truncatedEvent(let file, _, _, _), .missingStatus(let file, _, _),
      .unexpectedStatus(let file, _, _):
      return file
    }
  }

  /// Byte offset of the problem from the start of the file, when it has one.
  public var offset: Int? {
    switch self {
    case .unreadable:
      return nil
    case .notMIDI(_, let offset, _), .headerTooShort(_, let offset, _, _),
      .unsupportedFormat(_, let offset, _), .invalidDivision(_, let offset, _),
      .truncatedChunk(_, let offset, _, _, _), .overlongVariableLength(_, let offset),
      .truncatedEvent(_, let offset, _, _), .missingStatus(_, let offset, _),
      .unexpectedStatus(_, let offset, _):
      return offset
    }
  }

  /// A one-line message: `file: byte N: what is wrong`.
  public var description: String {
    guard let offset else { return "\(file): \(message)" }
    return Diagnostic.line(file: file, offset: offset, message: message)
  }

  private var message: String {
    switch self {
    case .unreadable(_, let reason):
      return "cannot read file (\(reason))"
    case .notMIDI(_, _, let found):
      return "not a Standard MIDI File (\(found))"
    case .headerTooShort(_, _, let needed, let available):
      return "MThd header too short (needs \(needed) bytes, has \(available))"
    case .unsupportedFormat(_, _, let format):
      return "unsupported MIDI file format \(format) (only 0, 1 and 2 exist)"
    case .invalidDivision(_, _, let value):
      return "invalid time division 0x\(Diagnostic.hex(value, digits: 4))"
    case .truncatedChunk(_, _, let chunk, let needed, let available):
      return "truncated \(chunk) chunk (needs \(needed) bytes, \(available) left)"
    case .overlongVariableLength:
      return "variable-length quantity longer than 4 bytes"
    case .truncatedEvent(_, _, let needed, let available):
      return "truncated event (needs \(needed) bytes, \(available) left in track)"
    case .missingStatus(_, _, let byte):
      return "data byte 0x\(Diagnostic.hex(byte, digits: 2)) without a status byte"
        + " (no running status)"
    case .unexpectedStatus(_, _, let byte):
      return "status byte 0x\(Diagnostic.hex(byte, digits: 2)) where a data byte was expected"
    }
  }
}
