import AudioTestSupport
import Foundation
import Testing

/// A song's tempo reaches the instrument only through lobpm/hibpm, and only for regions that set
/// them (corpus/spec sfzformat/docs/opcodes/lobpm.md; hibpm's default of 500 in
/// data/sfz/syntax.yml is the top of its range, not a limit on faster songs).
@Suite struct FastTempoTests {
  /// One quarter note at 600 bpm (100,000 µs per quarter), 480 ticks per quarter.
  static let song = StandardMIDIWriter(
    format: 0, ticksPerQuarter: 480,
    tracks: [
      [
        .tempo(delta: 0, microsecondsPerQuarter: 100_000),
        .noteOn(delta: 0, key: 60), .noteOff(delta: 480, key: 60),
      ]
    ])

  /// The output's left-channel peak when the song plays one region of dc.wav with `opcodes`.
  static func peak(_ opcodes: String) throws -> Float {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try fixture.writeDCInstrument()
    try fixture.write(
      "fast.sfz", text: "<control> set_cc7=127\n<region> sample=dc.wav \(opcodes)\n")
    try fixture.write("fast.mid", song: song)
    let outcome = SFZPlayInProcess.run(
      ["fast.sfz", "fast.mid", "-o", "out.wav", "--bit-depth", "32f", "--quiet"],
      in: fixture.folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    return Measure.peak(try AudioFile(url: fixture.url("out.wav")).left[...])
  }

  @Test func plainRegionSoundsAt600BPM() throws {
    #expect(try Self.peak("") > 0.4)
  }

  @Test func regionBelow200BPMStaysSilentAt600BPM() throws {
    #expect(try Self.peak("hibpm=200") == 0)
  }
}
