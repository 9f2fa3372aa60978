import Foundation

/// A Standard MIDI File (format 0, 1 or 2; plain or RMID-wrapped) read into one time-sorted list of
/// channel events with exact times in seconds.
///
/// ```swift
/// let song = try MIDIFile(contentsOf: URL(fileURLWithPath: "song.mid"))
/// for event in song.events {
///   schedule(event.message, atFrame: event.frame(atSampleRate: 48_000))
/// }
/// song.warnings.forEach { print("warning:", $0) }
/// ```
///
/// Timing: Set Tempo events from every track form one tempo map (120 bpm until the first one);
/// SMPTE divisions ignore tempo. In format 2 each track is a separate pattern that starts when the
/// previous track ends (its End-of-Track tick), and the tempo reached at the end of one track
/// carries into the next until that track sets its own.
///
/// Robustness: data that is not a MIDI file, or a broken `MThd` header, throws. Faults inside track
/// chunks are recovered from (the track keeps what was read before the fault) and listed in
/// ``warnings``; see ``MIDIFileError`` for the cases.
public struct MIDIFile: Sendable {
  /// The header's format: 0 (one track), 1 (simultaneous tracks) or 2 (sequential tracks).
  public let format: Int
  /// Number of `MTrk` chunks actually present (the header's count may differ; see ``warnings``).
  public let trackCount: Int
  /// The header's time base.
  public let division: Division
  /// Channel events of all tracks, sorted by tick; ties keep track order, then file order.
  public let events: [MIDITimedEvent]
  /// Every Set Tempo event of every track, sorted by tick (SMPTE files list them but ignore them).
  public let tempoChanges: [MIDITempoChange]
  /// Every complete SysEx message of every track (messages sent in parts put back together),
  /// sorted by tick; ties keep track order, then file order.
  public let systemExclusive: [MIDISystemExclusive]
  /// Time of the last event of the song, End-of-Track events included.
  public let duration: Double
  /// Non-fatal problems, each as `file: byte N: message`; empty for a clean file.
  public let warnings: [String]

  /// Reads and parses the file at `url`. Messages name the file by its last path component.
  public init(contentsOf url: URL) throws(MIDIFileError) {
    let bytes: [UInt8]
    do {
      bytes = try [UInt8](Data(contentsOf: url))
    } catch {
      throw .unreadable(file: url.lastPathComponent, reason: error.localizedDescription)
    }
    try self.init(data: bytes, name: url.lastPathComponent)
  }

  /// Parses a MIDI file held in memory; `name` is used in error and warning messages.
  public init(data: [UInt8], name: String = "<data>") throws(MIDIFileError) {
    let header = try FileHeader(bytes: data, file: name)
    var log = WarningLog()
    let tracks = Self.readTracks(data, header: header, file: name, warnings: &log)
    if tracks.count != header.declaredTrackCount {
      log.add(
        Diagnostic.line(
          file: name, offset: header.trackCountOffset,
          message: "header declares \(header.declaredTrackCount) tracks but the file has"
            + " \(tracks.count) track chunks; using those present"))
    }
    let song = Song(tracks: tracks, format: header.format, division: header.division)
    format = header.format
    trackCount = tracks.count
    division = header.division
    events = song.events
    tempoChanges = song.tempoChanges
    systemExclusive = song.systemExclusive
    duration = song.duration
    warnings = log.all
  }

  /// Walks the chunks after `MThd`: parses `MTrk`, skips any other type (as the specification
  /// asks), and salvages the readable part of a chunk that runs past the end of the data.
  private static func readTracks(
    _ data: [UInt8], header: FileHeader, file: String, warnings: inout WarningLog
  ) -> [ParsedTrack] {
    var tracks: [ParsedTrack] = []
    var position = header.chunksStart
    while position < header.end {
      let left = header.end - position
      guard left >= 8 else {
        warnings.add(
          Diagnostic.line(
            file: file, offset: position, message: "\(left) trailing bytes after the last chunk"))
        break
      }
      let isTrack = data.hasTag("MTrk", at: position)
      let length = data.bigEndian(at: position + 4, count: 4)
      let bodyStart = position + 8
      let bodyLength = min(length, header.end - bodyStart)
      if bodyLength < length {
        let name = isTrack ? "track" : "\"\(Diagnostic.printable(data[position..<position + 4]))\""
        warnings.add(
          .truncatedChunk(
            file: file, offset: position, chunk: name, needed: length, available: bodyLength))
      }
      if isTrack {
        let cursor = ByteCursor(
          bytes: data, file: file, position: bodyStart, end: bodyStart + bodyLength)
        tracks.append(TrackParser.parse(cursor, track: tracks.count, warnings: &warnings))
      }
      position = bodyStart + bodyLength
    }
    return tracks
  }
}
