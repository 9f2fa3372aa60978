import Foundation
import Testing

/// The ring-out after the last event stops at --tail seconds, after 100 ms below -90 dBFS, or
/// when no voice sounds.
@Suite struct TailTests {
  /// A note pressed at frame 0 and never released.
  static let heldNote = StandardMIDIWriter(
    format: 0, ticksPerQuarter: 480, tracks: [[.noteOn(delta: 0, key: 60)]])

  static func render(level: Float, tail: String) throws -> AudioFile {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try fixture.writeSample(
      "held.wav", samples: [Float](repeating: level, count: 32_000), sampleRate: 8_000)
    try fixture.write(
      "held.sfz", text: "<control> set_cc7=127\n<region> sample=held.wav pitch_keycenter=60\n")
    try fixture.write("held.mid", song: heldNote)
    let outcome = SFZPlayInProcess.run(
      [
        "held.sfz", "held.mid", "-o", "out.wav", "--sample-rate", "8000", "--tail", tail,
        "--bit-depth", "32f", "--quiet",
      ], in: fixture.folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    return try AudioFile(url: fixture.url("out.wav"))
  }

  @Test func audibleNoteStopsAtTheTailLimit() throws {
    let audio = try Self.render(level: 0.5, tail: "0.5")
    // The event's own frame, then exactly 0.5 s at 8 kHz.
    #expect(audio.frames == 1 + 4_000)
    #expect(abs(audio.left[audio.frames - 1] - 0.5) < 0.001)
  }

  @Test func inaudibleNoteStopsAfterAQuietTenthOfASecond() throws {
    // 2e-5 is -94 dBFS: the voice sounds, but below the -90 dBFS line.
    let audio = try Self.render(level: 2e-5, tail: "3")
    // 100 ms is 800 frames; the render stops at the end of the block (256) that reaches it.
    #expect(audio.frames >= 1 + 800 && audio.frames <= 1 + 800 + 256)
  }

  @Test func zeroTailEndsOnTheLastEvent() throws {
    let audio = try Self.render(level: 0.5, tail: "0")
    #expect(audio.frames == 1)
  }
}
