import Foundation
import MIDITestSupport
import Testing

/// Faults in a MIDI file that leave it playable are rendered around and printed as warnings.
@Suite struct SongWarningTests {
  /// A track that opens with data bytes (running status with nothing to run on) still plays
  /// its notes, and sfzplay says which track and byte it skipped.
  @Test func strayDataBytesAreSkippedAndReported() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try fixture.writeDCInstrument(seconds: 0.2)
    let body =
      [0x00, 0x3C, 0x40] + SMFBuilder.event(0, 0x90, 60, 100)
      + SMFBuilder.event(96, 0x80, 60, 0) + SMFBuilder.endOfTrack()
    try fixture.write(
      "stray.mid", bytes: SMFBuilder.file(format: 0, chunks: [SMFBuilder.chunk("MTrk", body)]))
    let outcome = SFZPlayInProcess.run(
      ["dc.sfz", "stray.mid", "-o", "out.wav", "--bit-depth", "32f", "--quiet"],
      in: fixture.folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(
      outcome.errorLines == [
        "sfzplay: warning: stray.mid: byte 23: data byte 0x3C without a status byte in track 0;"
          + " 2 bytes skipped to the next event"
      ])
    let audio = try AudioFile(url: fixture.url("out.wav"))
    #expect(audio.onsets() == [0])
  }

  /// Notes no region plays (corpus/spec sfzformat/docs/opcodes/lokey.md: a region plays keys
  /// lokey...hikey) are a warning naming the channel, its program and the keys; a song that
  /// stays silent says so; --strict fails and leaves no file.
  @Test func notesNoRegionPlaysAreNamedByChannelProgramAndKey() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try fixture.writeDCInstrument(seconds: 0.2)
    try fixture.write("narrow.sfz", text: "<region> sample=dc.wav lokey=60 hikey=72\n")
    let song = StandardMIDIWriter(
      format: 0, ticksPerQuarter: 96,
      tracks: [
        [
          StandardMIDIWriter.Event(delta: 0, bytes: [0xC2, 5]),
          .noteOn(delta: 0, key: 80, channel: 2), .noteOff(delta: 10, key: 80, channel: 2),
          .noteOn(delta: 0, key: 50, channel: 2), .noteOff(delta: 10, key: 50, channel: 2),
        ]
      ])
    try fixture.write("song.mid", song: song)
    let outcome = SFZPlayInProcess.run(
      ["narrow.sfz", "song.mid", "-o", "out.wav", "--quiet"], in: fixture.folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(
      outcome.errorLines == [
        "sfzplay: warning: song.mid: channel 3 (bank 0/0 program 5): 2 notes found no region"
          + " (keys 50, 80)",
        "sfzplay: warning: song.mid: the output is silent: no note of it found a region to play",
      ])
    let strict = SFZPlayInProcess.run(
      ["narrow.sfz", "song.mid", "-o", "strict.wav", "--strict"], in: fixture.folder)
    #expect(strict.status != 0)
    #expect(!fixture.exists("strict.wav"))
  }

  /// Notes that play at volume 0 (CC7 0: MIDI 1.0's channel volume, GM's squared law) are not
  /// notes no region plays: the warning says which it is.
  @Test func aSongSilencedByItsVolumeSaysSo() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try fixture.writeDCInstrument(seconds: 0.2)
    try fixture.write("plain.sfz", text: "<region> sample=dc.wav\n")
    let song = StandardMIDIWriter(
      format: 0, ticksPerQuarter: 96,
      tracks: [
        [
          StandardMIDIWriter.Event(delta: 0, bytes: [0xB0, 7, 0]),
          .noteOn(delta: 0, key: 60), .noteOff(delta: 10, key: 60),
        ]
      ])
    try fixture.write("song.mid", song: song)
    let outcome = SFZPlayInProcess.run(
      ["plain.sfz", "song.mid", "-o", "out.wav", "--quiet"], in: fixture.folder)
    #expect(
      outcome.errorLines == [
        "sfzplay: warning: song.mid: the output is silent: its notes played at no level"
          + " (volume, expression or gain at zero)"
      ])
  }
}
