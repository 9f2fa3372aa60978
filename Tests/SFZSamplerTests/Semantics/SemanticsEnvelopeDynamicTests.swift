import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// When controllers set envelope times and levels (corpus/spec sfzformat/docs/opcodes/
/// ampeg_dynamic.md: at 0, the default, "envelope segment durations and sustain level are
/// calculated only at the start of the particular envelope segment"; at 1 they are "recalculated
/// when a MIDI CC message modulating those envelopes is received"; egN_dynamic.md says the same of
/// flex envelopes' durations and levels). Levels in dB of key 96's 2 kHz *sine against the same
/// region without an envelope. A release falls 8 nepers over its time (ampeg_attack.md's decay
/// constant, as SemanticsEnvelopeShapeTests measures): 34.74 dB per release time.
@Suite("Semantics: envelope times and levels read when their stage starts, or live (_dynamic)")
struct SemanticsEnvelopeDynamicTests {
  private static let rate = SemanticsRig.rate
  private static let nepersPerRelease = 8.0 * 20 / log(10.0)

  /// The envelope in dB at each of `seconds`, with CC1 set to each value at its time.
  private func envelope(
    _ opcodes: String, held: Double, modWheel: [(seconds: Double, value: UInt8)],
    at seconds: [Double]
  ) throws -> [Double] {
    let plain = try SemanticsRig("<region> sample=*sine amp_veltrack=0")
    let reference = V2Measure.envelope(plain.strike(96, frames: 4_800), at: 2_400)
    let rig = try SemanticsRig("<region> sample=*sine amp_veltrack=0 " + opcodes)
    #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
    let frames = Int((seconds.max()! + 0.1) * Self.rate)
    var events: [SamplerEvent] = [
      .noteOn(key: 96, velocity: 100), .noteOff(key: 96, frame: Int(held * Self.rate)),
    ]
    events += modWheel.map {
      .controlChange(controller: 1, value: $0.value, frame: Int($0.seconds * Self.rate))
    }
    let out = rig.render(frames, events.sorted { $0.frame < $1.frame })
    return seconds.map {
      Measure.dB(Double(V2Measure.envelope(out, at: Int($0 * Self.rate)) / reference))
    }
  }

  @Test("a release time a controller sets is the one it has when the key is let go")
  func releaseReadAtRelease() throws {
    // 0.1 s at note start; CC1 127 makes it 2 s before the key is let go at 0.5 s, so 0.5 s
    // into the release the level has fallen a quarter of 34.74 dB
    let levels = try envelope(
      "ampeg_release=0.1 ampeg_release_oncc1=1.9", held: 0.5,
      modWheel: [(0.25, 127)], at: [1.0])
    let expected = -Self.nepersPerRelease * 0.5 / 2.0
    #expect(abs(levels[0] - expected) < 0.5, "\(levels[0]) dB, expected \(expected)")
  }

  @Test("a sustain level reached holds at _dynamic=0 and follows its controller at 1")
  func sustainUnderWay() throws {
    let opcodes = "ampeg_sustain=100 ampeg_sustain_oncc1=-50"
    let held = try envelope(opcodes, held: 1, modWheel: [(0.3, 127)], at: [0.6])
    #expect(abs(held[0]) < 0.1, "the sustain stage started at full level: \(held[0]) dB")
    let live = try envelope(
      opcodes + " ampeg_dynamic=1", held: 1, modWheel: [(0.3, 127)], at: [0.6])
    #expect(abs(live[0] - Measure.dB(0.5)) < 0.1, "sustain 50%: \(live[0]) dB")
  }

  @Test("a sustain still to come takes the level its controller has when it starts")
  func sustainToCome() throws {
    // CC1 moves during the 0.4 s hold; the decay and sustain after it read 50%
    let levels = try envelope(
      "ampeg_hold=0.4 ampeg_decay=0.05 ampeg_sustain=100 ampeg_sustain_oncc1=-50", held: 1,
      modWheel: [(0.2, 127)], at: [0.3, 0.8])
    #expect(abs(levels[0]) < 0.1, "still holding: \(levels[0]) dB")
    #expect(abs(levels[1] - Measure.dB(0.5)) < 0.1, "\(levels[1]) dB")
  }

  @Test("_dynamic=1 retimes a release under way from the level it has reached")
  func releaseUnderWay() throws {
    // let go at 0.3 s with a 0.2 s release; at 0.35 s CC1 makes it 2 s: a quarter of 34.74 dB
    // fallen by then, and from there 0.5 s at the 2 s rate
    let opcodes = "ampeg_release=0.2 ampeg_release_oncc1=1.8"
    let live = try envelope(
      opcodes + " ampeg_dynamic=1", held: 0.3, modWheel: [(0.35, 127)], at: [0.85])
    let expected = -Self.nepersPerRelease * (0.05 / 0.2 + 0.5 / 2.0)
    #expect(abs(live[0] - expected) < 0.5, "\(live[0]) dB, expected \(expected)")
    let fixed = try envelope(opcodes, held: 0.3, modWheel: [(0.35, 127)], at: [0.85])
    #expect(fixed[0] < -90, "at 0 the release under way keeps its 0.2 s: \(fixed[0]) dB")
  }

  @Test("egN_dynamic.md's example: the mod wheel shortens a 4 s flex release")
  func flexRelease() throws {
    // egN_dynamic.md: eg1_time2=4 with eg1_time2_oncc1=-8, a straight fall from 1 to 0 after
    // the sustain point. CC1 32 makes the segment 4 - 8 x 32/127 = 1.984 s long.
    let example = """
      eg1_ampeg=1 eg1_sustain=1 eg1_level1=1 eg1_level2=0 eg1_time2=4 eg1_time2_oncc1=-8
      """
    let shortened = 1 - 1.0 / (4 - 8 * 32.0 / 127)
    // let go at 0.2 s; 1 s into the release
    let live = try envelope(
      example + " eg1_dynamic=1", held: 0.2, modWheel: [(0.7, 32)], at: [1.2])
    #expect(abs(live[0] - Measure.dB(shortened)) < 0.2, "\(live[0]) dB")
    let underWay = try envelope(example, held: 0.2, modWheel: [(0.7, 32)], at: [1.2])
    #expect(abs(underWay[0] - Measure.dB(0.75)) < 0.2, "at 0 the segment keeps 4 s")
    let toCome = try envelope(example, held: 0.2, modWheel: [(0.1, 32)], at: [1.2])
    #expect(abs(toCome[0] - Measure.dB(shortened)) < 0.2, "set before it starts: \(toCome[0])")
  }
}
