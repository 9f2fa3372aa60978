import AudioTestSupport
import CSndfile
import Foundation
import SFZSampler
import Testing

/// Loops as an SFZ file writes them: loop_type (corpus/spec sfzformat/docs/opcodes/loop_type.md),
/// loop points moved by a controller (loop_start.md, loop_end.md and their modulations in
/// data/sfz/syntax.yml: loop_startccN alias loop_start_onccN, loop_lengthccN alias
/// loop_length_onccN, "specifically the location of the end point which is modulated") and
/// inverted loops. The sample is a ramp whose frame i holds i / 4800, so each output frame
/// names the frame played.
@Suite("Semantics: loops")
struct SemanticsLoopTests {
  private static let frames = 4_800

  /// The frames a held note of the ramp region (`opcodes` added) plays, after `before`.
  private func framesPlayed(
    _ opcodes: String, count: Int = 4_000, before: [SamplerEvent] = []
  ) throws -> (played: [Int], report: InstrumentReport) {
    let fixtures = try DecodingFixtures()
    let path = try fixtures.writeFloat(
      "ramp.wav", values: (0..<Self.frames).map { Float($0) / Float(Self.frames) }, channels: 1,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT), sampleRate: 48_000)
    let rig = try SemanticsRig(
      "<region> sample=\(path) amp_veltrack=0 pitch_keycenter=60 loop_mode=loop_continuous "
        + opcodes)
    if !before.isEmpty { _ = rig.render(128, before) }
    let out = rig.render(count, [.noteOn(key: 60, velocity: 100)])
    return (out.map { Int(($0 * Float(Self.frames)).rounded()) }, rig.report)
  }

  @Test("loop_type=backward plays the loop from loop_end down to loop_start")
  func backward() throws {
    let read = try framesPlayed("loop_start=1000 loop_end=1999 loop_type=backward").played
    #expect(Array(read[1_997...2_001]) == [1_997, 1_998, 1_999, 1_998, 1_997])
    #expect(Array(read[2_997...3_000]) == [1_001, 1_000, 1_999, 1_998])
  }

  /// loop_count.md: "loop_count=3 will result in the looped part of the sample being played
  /// four times", then "data after the end of the loop ... will be played after all repetitions".
  @Test("loop_count=2 plays the loop three times, then the rest of the sample")
  func loopCount() throws {
    let read = try framesPlayed("loop_start=1000 loop_end=1499 loop_count=2").played
    // 0...1499, then 1000...1499 twice: the third pass ends at output frame 2,499
    #expect(Array(read[1_498...1_501]) == [1_498, 1_499, 1_000, 1_001])
    #expect(Array(read[1_998...2_001]) == [1_498, 1_499, 1_000, 1_001])
    #expect(Array(read[2_498...2_501]) == [1_498, 1_499, 1_500, 1_501], "on past the loop")
    #expect(read[3_000] == 2_000)
  }

  /// loop_tune.md: "Tuning for only the loop segment": the pitch moves once the playhead is in
  /// the loop. 1200 cents plays the loop at twice the speed.
  @Test("loop_tune=1200 plays the loop an octave up and the part before it at pitch")
  func loopTune() throws {
    let read = try framesPlayed("loop_start=1000 loop_end=3999 loop_tune=1200").played
    #expect(read[500] == 500, "before the loop: one frame a frame")
    // the chunk that reaches frame 1000 still plays at pitch; from the next one on, two a frame
    #expect(read[1_400] - read[1_300] == 200, "in the loop: \(read[1_300]), \(read[1_400])")
  }

  @Test("a turning loop says its loop_crossfade is not rendered, and plays without it")
  func turningLoopCrossfade() throws {
    let (read, report) = try framesPlayed(
      "loop_start=1000 loop_end=1999 loop_type=backward loop_crossfade=0.01")
    #expect(Array(read[2_997...3_000]) == [1_001, 1_000, 1_999, 1_998])
    #expect(report.diagnostics.contains { "\($0)".contains("loop_crossfade blends forward") })
  }

  @Test("looptype=alternate (the ARIA spelling) turns at both ends")
  func alternate() throws {
    let read = try framesPlayed("loop_start=1000 loop_end=1999 looptype=alternate").played
    #expect(Array(read[2_997...3_000]) == [1_001, 1_000, 1_001, 1_002])
    #expect(Array(read[3_996...3_999]) == [1_998, 1_999, 1_998, 1_997])
  }

  /// CC 64 of 127: loop_lengthccN=500 moves the end 500 x 64 / 127 = 251.97, so 252 frames, to
  /// 2251; loop_start_oncc1=-254 moves the start 128 frames, to 872.
  @Test("loop_lengthccN and loop_start_onccN move the loop to the frames their CC value gives")
  func controllerMovesLoop() throws {
    let read = try framesPlayed(
      "loop_start=1000 loop_end=1999 loop_lengthcc1=500 loop_start_oncc1=-254",
      before: [.controlChange(controller: 1, value: 64)]
    ).played
    #expect(read[2_251] == 2_251 && read[2_252] == 872, "\(read[2_249...2_254])")
    #expect(Array(read[2_300...]).min() == 872 && Array(read[2_300...]).max() == 2_251)
    let still = try framesPlayed("loop_start=1000 loop_end=1999 loop_length_oncc1=500").played
    #expect(still[1_999] == 1_999 && still[2_000] == 1_000, "CC 1 at 0 leaves the loop alone")
  }

  @Test("an inverted loop plays between its points, with a warning, instead of a constant level")
  func invertedLoop() throws {
    let (read, report) = try framesPlayed("loop_start=3000 loop_end=1000", count: 12_000)
    let late = Array(read[6_000...])
    #expect(late.min() == 1_000 && late.max() == 3_000, "\(late.min()!)...\(late.max()!)")
    #expect(
      report.diagnostics.contains { "\($0)".contains("loop_start 3000 is after loop_end 1000") },
      "\(report.diagnostics)")
  }
}
