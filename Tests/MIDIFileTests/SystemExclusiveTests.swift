import Foundation
import MIDIFile
import MIDITestSupport
import Testing

/// SysEx events as the Standard MIDI File specification ("sysex events") writes them: `F0
/// <length> <bytes>`, a message sent in parts continued by `F7 <length> <bytes>` events, and `F7`
/// escapes carrying arbitrary bytes.
@Suite("SysEx messages")
struct SystemExclusiveTests {
  typealias B = SMFBuilder

  @Test func completeMessagesKeepTheirTimeTrackAndBytes() throws {
    let gmOn: [UInt8] = [0x7E, 0x7F, 0x09, 0x01]
    let tempo = B.track(B.tempo(0, microsecondsPerQuarter: 250_000), B.endOfTrack())
    let notes = B.track(
      B.event(0, 0x90, 60, 100), B.sysex(96, gmOn), B.event(0, 0x80, 60, 0), B.endOfTrack())
    let song = try MIDIFile(data: B.file(format: 1, division: 96, chunks: [tempo, notes]))
    #expect(song.warnings.isEmpty)
    #expect(song.systemExclusive.count == 1)
    let message = try #require(song.systemExclusive.first)
    #expect(message.bytes == [0xF0] + gmOn + [0xF7])
    #expect(message.tick == 96 && message.track == 1)
    #expect(message.seconds == 0.25)
    #expect(message.frame(atSampleRate: 48_000) == 12_000)
    // the header (14 bytes), the first track (8 + 7 + 4), the second track's header (8), then
    // the note-on (4 bytes) and the SysEx's delta (1 byte) come before its F0
    #expect(message.fileOffset == 14 + 19 + 8 + 4 + 1)
  }

  /// "F0 <length> <bytes>" without F7 at its end is continued by "F7 <length> <bytes>" packets;
  /// the message is complete, and placed, when the packet that ends in F7 arrives.
  @Test func messagesSentInPartsArePutBackTogether() throws {
    let track = B.track(
      B.event(0, 0xF0, 3, 0x43, 0x12, 0x00),
      B.event(0, 0x90, 60, 100),
      B.event(48, 0xF7, 3, 0x43, 0x12, 0x00),
      B.event(48, 0xF7, 2, 0x07, 0xF7),
      B.endOfTrack())
    let song = try MIDIFile(data: B.file(format: 0, division: 96, chunks: [track]))
    #expect(song.warnings.isEmpty)
    #expect(
      song.systemExclusive.map(\.bytes) == [[0xF0, 0x43, 0x12, 0x00, 0x43, 0x12, 0x00, 0x07, 0xF7]])
    #expect(song.systemExclusive.first?.tick == 96)
    #expect(song.events.count == 1)
  }

  /// An F7 escape is a whole message only when its bytes run from F0 to F7; other escapes (a
  /// song position pointer, say) are not SysEx.
  @Test func escapesCarryingAWholeMessageCount() throws {
    let track = B.track(
      B.event(0, 0xF7, 3, 0xF2, 0x00, 0x00),
      B.event(0, 0xF7, 5, 0xF0, 0x7E, 0x7F, 0x09, 0xF7),
      B.endOfTrack())
    let song = try MIDIFile(data: B.file(format: 0, chunks: [track]))
    #expect(song.warnings.isEmpty)
    #expect(song.systemExclusive.map(\.bytes) == [[0xF0, 0x7E, 0x7F, 0x09, 0xF7]])
  }

  @Test func aMessageThatNeverEndsIsAWarning() throws {
    let track = B.track(B.event(0, 0xF0, 2, 0x43, 0x10), B.event(0, 0x90, 60, 100), B.endOfTrack())
    let song = try MIDIFile(data: B.file(format: 0, chunks: [track]), name: "u.mid")
    #expect(song.systemExclusive.isEmpty)
    #expect(song.events.count == 1)
    #expect(
      song.warnings == [
        "u.mid: byte 23: SysEx message never ends with F7 (its continuation is missing); ignored"
      ])
  }
}
