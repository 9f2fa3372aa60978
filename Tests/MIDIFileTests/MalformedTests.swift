import MIDITestSupport
import Foundation
import MIDIFile
import Testing

/// Each malformed input gives the chosen outcome (throw, or salvage with a warning) at the byte
/// offset worked out by hand: the header is bytes 0...13, the first chunk header 14...21 and the
/// first track's events start at byte 22.
@Suite("Malformed input")
struct MalformedTests {
  typealias B = SMFBuilder

  private func expectThrows(
    _ expected: MIDIFileError, _ data: [UInt8], name: String = "bad.mid",
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(throws: expected, sourceLocation: sourceLocation) {
      try MIDIFile(data: data, name: name)
    }
  }

  @Test func errorDescriptionNamesFileAndOffset() {
    let error = MIDIFileError.truncatedChunk(
      file: "song.mid", offset: 1234, chunk: "track", needed: 200, available: 37)
    #expect(
      error.description == "song.mid: byte 1234: truncated track chunk (needs 200 bytes, 37 left)")
    #expect(error.offset == 1234)
    #expect(error.file == "song.mid")
  }

  /// A truncated last track keeps every complete event and reports the missing bytes.
  @Test func truncatedTrackChunkIsSalvaged() throws {
    let notes = (0..<9).flatMap { B.event(0, 0x90, UInt8(60 + $0), 100) }
    let body = notes + [0x00]  // 37 bytes: 9 notes, then a lone delta time
    let data =
      B.header(format: 0, tracks: 1, division: 96) + B.chunk("MTrk", body, declaredLength: 200)
    let song = try MIDIFile(data: data, name: "song.mid")
    #expect(song.events.count == 9)
    #expect(
      song.warnings == [
        "song.mid: byte 14: truncated track chunk (needs 200 bytes, 37 left)",
        "song.mid: byte 58: truncated event (needs 2 bytes, 1 left in track)",
      ])
  }

  @Test func overlongVariableLengthStopsTheTrack() throws {
    let body = B.event(0, 0x90, 60, 100) + [0x81, 0x81, 0x81, 0x81, 0x00, 0x90, 61, 100]
    let song = try MIDIFile(data: B.file(format: 0, chunks: [B.chunk("MTrk", body)]), name: "v.mid")
    #expect(song.events.count == 1)
    #expect(song.warnings == ["v.mid: byte 26: variable-length quantity longer than 4 bytes"])
  }

  @Test func metaLengthPastTheEndOfTheTrack() throws {
    let body = B.event(0, 0x90, 60, 100) + [0x00, 0xFF, 0x01, 100] + Array("hello".utf8)
    let song = try MIDIFile(data: B.file(format: 0, chunks: [B.chunk("MTrk", body)]), name: "m.mid")
    #expect(song.events.count == 1)
    #expect(song.warnings == ["m.mid: byte 26: truncated event (needs 104 bytes, 9 left in track)"])
  }

  @Test func sysexLengthPastTheEndOfTheTrack() throws {
    let body = B.event(0, 0x90, 60, 100) + [0x00, 0xF0, 0x83, 0x00, 0x01]
    let song = try MIDIFile(data: B.file(format: 0, chunks: [B.chunk("MTrk", body)]), name: "s.mid")
    #expect(song.events.count == 1)
    #expect(song.warnings == ["s.mid: byte 26: truncated event (needs 388 bytes, 5 left in track)"])
  }

  /// A track that starts with data bytes (running status with no status to run on) keeps the
  /// notes after them: the stray bytes are skipped to the next event, with a warning.
  @Test func dataBytesAtTheStartOfATrackAreSkipped() throws {
    let body =
      [0x00, 0x3C, 0x40] + B.event(0, 0x90, 60, 100) + B.event(96, 0x80, 60, 0) + B.endOfTrack()
    let song = try MIDIFile(data: B.file(format: 0, chunks: [B.chunk("MTrk", body)]), name: "r.mid")
    #expect(
      song.events.map(\.message) == [
        .noteOn(channel: 0, note: 60, velocity: 100), .noteOff(channel: 0, note: 60, velocity: 0),
      ])
    #expect(song.events.map(\.tick) == [0, 96])
    #expect(
      song.warnings == [
        "r.mid: byte 23: data byte 0x3C without a status byte in track 0; 2 bytes skipped to the"
          + " next event"
      ])
  }

  /// The skipped bytes' delta time and a following delta of several bytes (high bits set, so
  /// they look like status bytes) both still count.
  @Test func skippedBytesKeepTheTimeOfTheNextEvent() throws {
    let stray = B.event(10, 0x3C, 0x40, 0x3E)
    let notes = B.event(480, 0x91, 62, 90) + B.endOfTrack()
    let song = try MIDIFile(
      data: B.file(chunks: [B.track(B.endOfTrack()), B.chunk("MTrk", stray + notes)]),
      name: "t.mid")
    #expect(song.events.map(\.message) == [.noteOn(channel: 1, note: 62, velocity: 90)])
    #expect(song.events.map(\.tick) == [490])
    #expect(song.events.map(\.track) == [1])
    // Track 0 is bytes 14...25, so track 1's events start at byte 34 with the delta time 10.
    #expect(
      song.warnings == [
        "t.mid: byte 35: data byte 0x3C without a status byte in track 1; 3 bytes skipped to the"
          + " next event"
      ])
  }

  @Test func dataBytesWithNoEventAfterThemEndTheTrack() throws {
    let body = B.event(0, 0xFF, 0x01, 0x00) + [0x00, 0x3C, 0x40, 0x41]
    let song = try MIDIFile(data: B.file(format: 0, chunks: [B.chunk("MTrk", body)]), name: "e.mid")
    #expect(song.events.isEmpty)
    #expect(
      song.warnings == ["e.mid: byte 27: data byte 0x3C without a status byte (no running status)"])
  }

  @Test func statusByteInsideAChannelMessage() throws {
    let body: [UInt8] = [0x00, 0x90, 0x3C, 0x90, 0x3C, 0x40]
    let song = try MIDIFile(data: B.file(format: 0, chunks: [B.chunk("MTrk", body)]), name: "u.mid")
    #expect(song.events.isEmpty)
    #expect(song.warnings == ["u.mid: byte 25: status byte 0x90 where a data byte was expected"])
  }

  /// Undefined system bytes (F4) cannot appear in a file; they are skipped so later notes play.
  @Test func undefinedSystemMessageIsSkipped() throws {
    let body =
      B.event(0, 0xF4) + B.event(0, 0xF2, 1, 2) + B.event(0, 0x90, 60, 100) + B.endOfTrack()
    let song = try MIDIFile(data: B.file(format: 0, chunks: [B.chunk("MTrk", body)]), name: "f.mid")
    #expect(song.events.map(\.message) == [.noteOn(channel: 0, note: 60, velocity: 100)])
    #expect(
      song.warnings == [
        "f.mid: byte 23: system message 0xF4 in track 0 skipped (not allowed in a MIDI file)",
        "f.mid: byte 25: system message 0xF2 in track 0 skipped (not allowed in a MIDI file)",
      ])
  }

  @Test func declaredTrackCountLargerThanChunksPresent() throws {
    let track = B.track(B.event(0, 0x90, 60, 100), B.endOfTrack())
    let song = try MIDIFile(data: B.file(declaredTracks: 3, chunks: [track]), name: "n.mid")
    #expect(song.trackCount == 1)
    #expect(song.events.count == 1)
    #expect(
      song.warnings == [
        "n.mid: byte 10: header declares 3 tracks but the file has 1 track chunks;"
          + " using those present"
      ])
  }

  @Test func declaredTrackCountSmallerThanChunksPresent() throws {
    let track = B.track(B.event(0, 0x90, 60, 100), B.endOfTrack())
    let song = try MIDIFile(data: B.file(declaredTracks: 1, chunks: [track, track]))
    #expect(song.trackCount == 2)
    #expect(song.events.map(\.track) == [0, 1])
    #expect(song.warnings.count == 1)
  }

  @Test func trailingBytesAfterTheLastChunk() throws {
    let data = B.file(format: 0, chunks: [B.track(B.endOfTrack())]) + [0x2A]
    let song = try MIDIFile(data: data, name: "t.mid")
    #expect(song.warnings == ["t.mid: byte 26: 1 trailing bytes after the last chunk"])
  }

  @Test func waveFileIsNotMIDI() {
    let wave = Array("RIFF".utf8) + B.le32(36) + Array("WAVEfmt ".utf8) + B.le32(16)
    expectThrows(
      .notMIDI(
        file: "x.wav", offset: 0,
        found: "a RIFF file that is not RMID; starts with \"RIFF$...WAVE\""),
      wave + Array(repeating: 0, count: 16), name: "x.wav")
  }

  @Test func textFileIsNotMIDI() throws {
    let error = #expect(throws: MIDIFileError.self) {
      try MIDIFile(data: Array("hello, world\n".utf8), name: "notes.txt")
    }
    #expect(
      error?.description
        == "notes.txt: byte 0: not a Standard MIDI File"
        + " (no MThd header; starts with \"hello, world\")"
    )
  }

  @Test func emptyDataIsNotMIDI() {
    expectThrows(
      .notMIDI(file: "<data>", offset: 0, found: "no MThd header; the data is empty"), [],
      name: "<data>")
  }

  @Test func headerShorterThanSixBytes() {
    let data = Array("MThd".utf8) + B.be32(4) + [0, 0, 0, 1] + B.track(B.endOfTrack())
    expectThrows(.headerTooShort(file: "bad.mid", offset: 0, needed: 6, available: 4), data)
  }

  @Test func dataEndsInsideTheHeader() {
    let data = Array(B.header(format: 0, tracks: 1, division: 96).prefix(10))
    expectThrows(.headerTooShort(file: "bad.mid", offset: 0, needed: 14, available: 10), data)
  }

  @Test func headerLengthPastTheEnd() {
    let data = Array("MThd".utf8) + B.be32(100) + [0, 0, 0, 1, 0, 96]
    expectThrows(
      .truncatedChunk(file: "bad.mid", offset: 0, chunk: "MThd", needed: 100, available: 6), data)
  }

  @Test func formatThreeIsRejected() {
    let data = B.header(format: 3, tracks: 0, division: 96)
    expectThrows(.unsupportedFormat(file: "bad.mid", offset: 8, format: 3), data)
  }

  @Test(arguments: [UInt16(0), 0xE700, 0xE928, 0x8028])
  func invalidDivisionIsRejected(value: UInt16) {
    let data = B.header(format: 0, tracks: 0, division: value)
    expectThrows(.invalidDivision(file: "bad.mid", offset: 12, value: value), data)
  }

  @Test func rmidWithoutDataChunk() {
    let body = Array("RMID".utf8) + Array("LIST".utf8) + B.le32(2) + [0, 0]
    let data = Array("RIFF".utf8) + B.le32(body.count) + body
    expectThrows(
      .notMIDI(file: "bad.mid", offset: 12, found: "RIFF RMID file without a data chunk"), data)
  }

  @Test func missingFileIsUnreadable() {
    let url = URL(fileURLWithPath: "/nonexistent/folder/gone.mid")
    let error = #expect(throws: MIDIFileError.self) { try MIDIFile(contentsOf: url) }
    #expect(error?.file == "gone.mid")
    #expect(error?.offset == nil)
    #expect(error?.description.hasPrefix("gone.mid: cannot read file") == true)
  }
}
