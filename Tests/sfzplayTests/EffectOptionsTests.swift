import AudioTestSupport
import Foundation
import Testing

/// sfzplay's effect options on one instrument: `--no-effects` is the dry mix bit for bit, the
/// ring-out waits for the reverb's tail, and `--reverb` sets its return level.
@Suite struct EffectOptionsTests {
  /// One note from 0 s to 0.5 s at 480 ticks per quarter and 120 bpm.
  static let note = StandardMIDIWriter(
    format: 0, ticksPerQuarter: 480,
    tracks: [[.noteOn(delta: 0, key: 69), .noteOff(delta: 480, key: 69)]])

  static func render(_ instrument: String, _ options: [String], in fixture: Fixture) throws
    -> AudioFile
  {
    let outcome = SFZPlayInProcess.run(
      [instrument, "note.mid", "-o", "out.wav", "--bit-depth", "32f", "--quiet"] + options,
      in: fixture.folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    return try AudioFile(url: fixture.url("out.wav"))
  }

  @Test func noEffectsIsTheDryMixAndTheTailWaitsForTheReverb() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try fixture.write("note.mid", song: Self.note)
    let region = "<control> set_cc7=127\n<region> sample=*sine ampeg_release=0.01"
    try fixture.write("wet.sfz", text: region + " effect1=100\n")
    try fixture.write("plain.sfz", text: region + "\n")
    let plain = try Self.render("plain.sfz", [], in: fixture)
    let dry = try Self.render("wet.sfz", ["--no-effects"], in: fixture)
    #expect(dry.samples == plain.samples, "--no-effects renders as if nothing were sent")
    let wet = try Self.render("wet.sfz", [], in: fixture)
    // the voice ends 10 ms after the note-off at 0.5 s; the reverb (2 s RT60 at the default)
    // rings on, and the file with it, until it is below -90 dBFS
    #expect(plain.frames < 26_000, "\(plain.frames)")
    #expect(wet.frames > 48_000 * 2, "\(wet.frames)")
    #expect(Measure.rmsDB(wet.left[48_000..<60_000]) > -60)
    let half = try Self.render("wet.sfz", ["--reverb", "0.5"], in: fixture)
    let louder = try Self.render("wet.sfz", ["--reverb", "1"], in: fixture)
    let gain =
      Measure.rmsDB(louder.left[30_000..<60_000]) - Measure.rmsDB(half.left[30_000..<60_000])
    #expect(abs(gain - 6.02) < 0.05, "--reverb 1 against 0.5: \(gain) dB")
  }

  @Test func outOfRangeLevelsAreRefusedByName() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try fixture.write("note.mid", song: Self.note)
    try fixture.write("plain.sfz", text: "<region> sample=*sine\n")
    let outcome = SFZPlayInProcess.run(
      ["plain.sfz", "note.mid", "--reverb", "9"], in: fixture.folder)
    #expect(outcome.status != 0)
    #expect(outcome.stderr.contains("--reverb must be 0.0...4.0"), "\(outcome.stderr)")
  }
}
