import MIDITestSupport
import Foundation
import MIDIFile
import Testing

@Suite("Messages and structure")
struct MessageTests {
  typealias B = SMFBuilder

  @Test func decodesEveryChannelMessageKind() throws {
    let track = B.track(
      B.event(0, 0x83, 60, 30),
      B.event(0, 0x94, 61, 127),
      B.event(0, 0xA5, 62, 40),
      B.event(0, 0xB6, 64, 127),
      B.event(0, 0xC7, 42),
      B.event(0, 0xD8, 90),
      B.event(0, 0xEF, 0x7F, 0x7F),
      B.endOfTrack())
    let song = try MIDIFile(data: B.file(format: 0, chunks: [track]))
    #expect(
      song.events.map(\.message) == [
        .noteOff(channel: 3, note: 60, velocity: 30),
        .noteOn(channel: 4, note: 61, velocity: 127),
        .polyPressure(channel: 5, note: 62, pressure: 40),
        .controlChange(channel: 6, controller: 64, value: 127),
        .programChange(channel: 7, program: 42),
        .channelPressure(channel: 8, pressure: 90),
        .pitchBend(channel: 15, value: 8191),
      ])
    #expect(song.events.map(\.message.channel) == [3, 4, 5, 6, 7, 8, 15])
  }

  /// Pitch bend: LSB first, 14 bits, 0x2000 is the centre.
  @Test(arguments: [
    (UInt8(0x00), UInt8(0x40), Int16(0)),
    (0x00, 0x00, -8192),
    (0x7F, 0x7F, 8191),
    (0x01, 0x40, 1),
    (0x7F, 0x3F, -1),
  ])
  func pitchBendMapping(lsb: UInt8, msb: UInt8, expected: Int16) throws {
    let track = B.track(B.event(0, 0xE0, lsb, msb), B.endOfTrack())
    let song = try MIDIFile(data: B.file(format: 0, chunks: [track]))
    #expect(song.events.map(\.message) == [.pitchBend(channel: 0, value: expected)])
  }

  @Test func noteOnWithVelocityZeroIsNoteOff() throws {
    let track = B.track(B.event(0, 0x92, 60, 100), B.event(96, 0x92, 60, 0), B.endOfTrack())
    let song = try MIDIFile(data: B.file(format: 0, chunks: [track]))
    #expect(
      song.events.map(\.message) == [
        .noteOn(channel: 2, note: 60, velocity: 100),
        .noteOff(channel: 2, note: 60, velocity: 0),
      ])
  }

  /// Running status continues across a meta event and a SysEx, as real files rely on.
  @Test func runningStatusSurvivesMetaAndSysEx() throws {
    let track = B.track(
      B.event(0, 0x90, 60, 100),
      B.text(0, "lyric"),
      B.event(10, 62, 100),
      B.sysex(0, [0x7E, 0x7F, 0x09, 0x01]),
      B.event(10, 64, 0),
      B.event(0, 0xC1, 3),
      B.event(0, 4),
      B.endOfTrack())
    let song = try MIDIFile(data: B.file(format: 0, chunks: [track]))
    #expect(song.warnings.isEmpty)
    #expect(
      song.events.map(\.message) == [
        .noteOn(channel: 0, note: 60, velocity: 100),
        .noteOn(channel: 0, note: 62, velocity: 100),
        .noteOff(channel: 0, note: 64, velocity: 0),
        .programChange(channel: 1, program: 3),
        .programChange(channel: 1, program: 4),
      ])
  }

  /// SysEx in both forms and long meta events are skipped by their variable-length sizes.
  @Test func sysexAndMetaSkippedByLength() throws {
    let longText = String(repeating: "x", count: 300)  // 2-byte length
    let escape = B.vlq(0) + [0xF7, 0x02, 0xF8, 0xFA]
    let track = B.track(
      B.text(0, longText), B.sysex(0, Array(repeating: 0x11, count: 200)), escape,
      B.event(0, 0x90, 60, 1), B.endOfTrack())
    let song = try MIDIFile(data: B.file(format: 0, chunks: [track]))
    #expect(song.warnings.isEmpty)
    #expect(song.events.map(\.message) == [.noteOn(channel: 0, note: 60, velocity: 1)])
  }

  @Test func rmidWrapperHoldsTheSameSong() throws {
    let smf = B.file(
      format: 0, chunks: [B.track(B.event(48, 0x90, 60, 100), B.endOfTrack(48))])
    let plain = try MIDIFile(data: smf)
    let wrapped = try MIDIFile(data: B.rmid(smf), name: "song.rmi")
    #expect(wrapped.warnings.isEmpty)
    #expect(wrapped.events == plain.events)
    #expect(wrapped.events.map(\.seconds) == [0.25])
    #expect(wrapped.duration == 0.5)
  }

  /// Without End-of-Track the track keeps its events and ends at the last one, with a warning.
  @Test func missingEndOfTrackIsTolerated() throws {
    let track = B.track(B.event(0, 0x90, 60, 100), B.event(192, 0x80, 60, 0))
    let data = B.file(format: 0, chunks: [track])
    let song = try MIDIFile(data: data, name: "noeot.mid")
    #expect(song.events.count == 2)
    #expect(song.duration == 1.0)
    #expect(song.warnings == ["noeot.mid: byte \(data.count): track 0 has no End-of-Track event"])
  }

  @Test func dataAfterEndOfTrackIsIgnored() throws {
    let track = B.track(B.event(0, 0x90, 60, 100), B.endOfTrack(96), B.event(0, 0x90, 61, 100))
    let song = try MIDIFile(data: B.file(format: 0, chunks: [track]), name: "a.mid")
    #expect(song.events.map(\.message) == [.noteOn(channel: 0, note: 60, velocity: 100)])
    #expect(song.duration == 0.5)
    // Header 14 + chunk header 8 + note 4 + End-of-Track 4 = 30.
    #expect(song.warnings == ["a.mid: byte 30: 4 bytes after End-of-Track in track 0 ignored"])
  }

  /// Chunks other than MTrk are skipped silently, as the specification asks.
  @Test func unknownChunksAreSkipped() throws {
    let junk = B.chunk("Junk", Array("not a track".utf8))
    let track = B.track(B.event(0, 0x90, 60, 100), B.endOfTrack())
    let song = try MIDIFile(data: B.file(format: 0, declaredTracks: 1, chunks: [junk, track]))
    #expect(song.warnings.isEmpty)
    #expect(song.trackCount == 1)
    #expect(song.events.count == 1)
  }

  @Test func zeroTracksIsAValidEmptySong() throws {
    let song = try MIDIFile(data: B.file(format: 1, chunks: []))
    #expect(song.trackCount == 0)
    #expect(song.events.isEmpty)
    #expect(song.duration == 0)
    #expect(song.warnings.isEmpty)
  }

  @Test func readsFromURL() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("midifile-\(UUID().uuidString).mid")
    let data = B.file(format: 0, chunks: [B.track(B.event(0, 0x90, 60, 100), B.endOfTrack())])
    try Data(data).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let song = try MIDIFile(contentsOf: url)
    #expect(song.events.count == 1)
  }
}
