/// The channel events, tempo changes and SysEx messages of one `MTrk` chunk, with ticks local
/// to the track.
struct ParsedTrack {
  struct Event {
    var tick: Int
    var message: MIDIMessage
  }

  struct TempoChange {
    var tick: Int
    var microsecondsPerQuarter: Int
  }

  var events: [Event] = []
  var tempoChanges: [TempoChange] = []
  var systemExclusive: [SystemExclusiveAssembler.Message] = []
  /// Tick of the End-of-Track event, or of the last complete event when that is missing.
  var endTick = 0
}

/// Decodes the event stream of one track chunk.
///
/// Leniency choices, made so that files real players accept also play here:
/// - Running status survives meta events, SysEx (`F0`, `F7`) and system messages: many files
///   written by sequencers put a meta event between running-status notes.
/// - Undefined or misplaced system messages (`F1`...`F6`, `F8`...`FE`) are skipped with their MIDI
///   data length (none for the undefined `F4`, `F5`, `F9`, `FD`) and a warning.
/// - Data bytes with no status in effect (a track that starts in running status) are skipped
///   up to the next event, with a warning (see `skipStrayData`).
/// - A track that breaks (truncated event, overlong length, stray data bytes with no event
///   after them) keeps the events read before the fault; the fault becomes a warning.
/// - Bytes after End-of-Track are ignored; a missing End-of-Track ends the track at its last event.
enum TrackParser {
  static func parse(_ cursor: ByteCursor, track: Int, warnings: inout WarningLog) -> ParsedTrack {
    var state = State(cursor: cursor, track: track)
    do {
      try state.readEvents(warnings: &warnings)
    } catch {
      warnings.add(error)
    }
    state.sysex.finish(file: cursor.file, warnings: &warnings)
    state.parsed.systemExclusive = state.sysex.complete
    return state.parsed
  }

  private struct State {
    var cursor: ByteCursor
    let track: Int
    var parsed = ParsedTrack()
    var tick = 0
    var runningStatus: UInt8?
    var sysex = SystemExclusiveAssembler()

    init(cursor: ByteCursor, track: Int) {
      self.cursor = cursor
      self.track = track
    }

    mutating func readEvents(warnings: inout WarningLog) throws(MIDIFileError) {
      while !cursor.isAtEnd {
        let eventStart = cursor.position
        let delta = try cursor.readVariableLength(eventStart: eventStart)
        let eventTick = tick + delta
        let statusOffset = cursor.position
        let first = try cursor.readByte(eventStart: eventStart)
        let status: UInt8
        if first & 0x80 != 0 {
          status = first
        } else if let runningStatus {
          status = runningStatus
          cursor.position = statusOffset
        } else {
          try skipStrayData(at: statusOffset, byte: first, warnings: &warnings)
          // The stray bytes' delta time still passes, so later events keep their times.
          tick = eventTick
          continue
        }
        switch status {
        case 0x80...0xEF:
          runningStatus = status
          let message = try readChannelMessage(status: status, eventStart: eventStart)
          parsed.events.append(.init(tick: eventTick, message: message))
        case 0xFF:
          if try readMetaEvent(tick: eventTick, eventStart: eventStart, warnings: &warnings) {
            finishAtEndOfTrack(tick: eventTick, warnings: &warnings)
            return
          }
        case 0xF0, 0xF7:
          let length = try cursor.readVariableLength(eventStart: eventStart)
          try cursor.skip(length, eventStart: eventStart)
          sysex.add(
            status: status, body: cursor.bytes[cursor.position - length..<cursor.position],
            tick: eventTick, offset: statusOffset, file: cursor.file, warnings: &warnings)
        default:
          try cursor.skip(Self.systemDataLength(status), eventStart: eventStart)
          warnings.add(
            Diagnostic.line(
              file: cursor.file, offset: statusOffset,
              message: "system message 0x\(Diagnostic.hex(status, digits: 2)) in track \(track)"
                + " skipped (not allowed in a MIDI file)"))
        }
        tick = eventTick
        parsed.endTick = eventTick
      }
      warnings.add(
        Diagnostic.line(
          file: cursor.file, offset: cursor.end,
          message: "track \(track) has no End-of-Track event"))
    }

    /// Steps over data bytes that arrive with no status in effect, to the next place an event
    /// reads, with a warning; the track ends (keeping what came before) when none is left.
    /// mido, FluidSynth and the classic midifile.c refuse such a file outright; skipping to the
    /// next event, as a MIDI receiver ignores data until a status byte comes, keeps every note
    /// that can be read.
    private mutating func skipStrayData(
      at offset: Int, byte: UInt8, warnings: inout WarningLog
    ) throws(MIDIFileError) {
      guard let next = cursor.nextEventStart(after: offset) else {
        throw .missingStatus(file: cursor.file, offset: offset, byte: byte)
      }
      warnings.add(
        Diagnostic.line(
          file: cursor.file, offset: offset,
          message: "data byte 0x\(Diagnostic.hex(byte, digits: 2)) without a status byte in"
            + " track \(track); \(next - offset) bytes skipped to the next event"))
      cursor.position = next
    }

    private mutating func readChannelMessage(
      status: UInt8, eventStart: Int
    ) throws(MIDIFileError) -> MIDIMessage {
      let count = MIDIMessage.dataLength(status: status)
      try cursor.require(count, from: eventStart)
      let data1 = try readDataByte(eventStart: eventStart)
      let data2 = count == 2 ? try readDataByte(eventStart: eventStart) : 0
      return MIDIMessage(status: status, data1: data1, data2: data2)
    }

    private mutating func readDataByte(eventStart: Int) throws(MIDIFileError) -> UInt8 {
      let byte = try cursor.readByte(eventStart: eventStart)
      guard byte & 0x80 == 0 else {
        throw .unexpectedStatus(file: cursor.file, offset: cursor.position - 1, byte: byte)
      }
      return byte
    }

    /// Reads one meta event after its `FF` byte; returns true for End-of-Track.
    private mutating func readMetaEvent(
      tick: Int, eventStart: Int, warnings: inout WarningLog
    ) throws(MIDIFileError) -> Bool {
      let type = try cursor.readByte(eventStart: eventStart)
      let length = try cursor.readVariableLength(eventStart: eventStart)
      try cursor.require(length, from: eventStart)
      let body = cursor.position
      cursor.position += length
      switch type {
      case 0x2F:
        return true
      case 0x51:
        let tempo = length >= 3 ? cursor.bytes.bigEndian(at: body, count: 3) : 0
        if tempo > 0 {
          parsed.tempoChanges.append(.init(tick: tick, microsecondsPerQuarter: tempo))
        } else {
          warnings.add(
            Diagnostic.line(
              file: cursor.file, offset: eventStart,
              message: "Set Tempo event with \(length) data bytes and tempo \(tempo) ignored"))
        }
        return false
      default:
        return false
      }
    }

    private mutating func finishAtEndOfTrack(tick: Int, warnings: inout WarningLog) {
      parsed.endTick = tick
      guard cursor.remaining > 0 else { return }
      warnings.add(
        Diagnostic.line(
          file: cursor.file, offset: cursor.position,
          message: "\(cursor.remaining) bytes after End-of-Track in track \(track) ignored"))
    }

    /// Data bytes of the system common and real-time messages (MIDI 1.0 specification).
    private static func systemDataLength(_ status: UInt8) -> Int {
      switch status {
      case 0xF1, 0xF3: return 1
      case 0xF2: return 2
      default: return 0
      }
    }
  }
}
