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
}
