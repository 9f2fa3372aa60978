import Foundation
import Testing

/// Notes must start on the exact frame their tick and the tempo map give, whatever the block size.
@Suite struct TimingTests {
  /// Format 1: a tempo track (120 bpm, then 333333 µs per quarter from tick 960, then 750000
  /// from tick 1920) and a note track, 480 ticks per quarter.
  static func tempoChangeSong() -> StandardMIDIWriter {
    let tempos: [StandardMIDIWriter.Event] = [
      .tempo(delta: 0, microsecondsPerQuarter: 500_000),
      .tempo(delta: 960, microsecondsPerQuarter: 333_333),
      .tempo(delta: 960, microsecondsPerQuarter: 750_000),
    ]
    var notes: [StandardMIDIWriter.Event] = []
    var tick = 0
    for onset in [0, 480, 960, 1440, 1700, 1920, 2000] {
      notes.append(.noteOn(delta: onset - tick, key: 60))
      notes.append(.noteOff(delta: 40, key: 60))
      tick = onset + 40
    }
    return StandardMIDIWriter(format: 1, ticksPerQuarter: 480, tracks: [tempos, notes])
  }

  /// Worked out by hand at 48 kHz (seconds = sum of ticks * µs per quarter / 480 / 10^6):
  /// 0 -> 0 s; 480 -> 0.5 s; 960 -> 1 s; 1440 -> 1 + 480 * 0.333333 / 480 = 1.333333 s
  /// (63999.98 -> 64000); 1700 -> 1 + 740 * 0.333333 / 480 = 1.5138881875 s (72666.63 -> 72667);
  /// 1920 -> 1.666666 s (79999.97 -> 80000); 2000 -> 1.666666 + 80 * 0.75 / 480 = 1.791666 s
  /// (85999.97 -> 86000).
  static let expectedOnsets = [0, 24_000, 48_000, 64_000, 72_667, 80_000, 86_000]

  @Test(arguments: [256, 1, 1_000, 4_096])
  func onsetsLandOnExactFrames(blockSize: Int) throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try fixture.writeDCInstrument()
    try fixture.write("tempo.mid", song: Self.tempoChangeSong())
    let outcome = SFZPlayInProcess.run(
      [
        "dc.sfz", "tempo.mid", "-o", "out.wav", "--bit-depth", "32f", "--block-size",
        "\(blockSize)", "--quiet",
      ], in: fixture.folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let audio = try AudioFile(url: fixture.url("out.wav"))
    #expect(audio.onsets() == Self.expectedOnsets)
  }
}
