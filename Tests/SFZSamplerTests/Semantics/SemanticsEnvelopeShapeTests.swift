import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// ARIA's curvature and timing of the SFZ v1 envelopes' stages (corpus/spec sfzformat/docs/
/// opcodes/ampeg_attack_shape.md, ampeg_decay_shape.md, ampeg_release_shape.md,
/// ampeg_decay_zero.md, ampeg_release_zero.md), in dB of the amplitude envelope of key 96's
/// 2 kHz *sine against the same region without the envelope, at points in time.
@Suite("Semantics: ARIA envelope shapes and timed stages")
struct SemanticsEnvelopeShapeTests {
  private static let rate = SemanticsRig.rate

  /// The envelope in dB at each of `seconds`, the key held for `held` seconds.
  private func envelope(_ opcodes: String, held: Double, at seconds: [Double]) throws -> [Double] {
    let plain = try SemanticsRig("<region> sample=*sine amp_veltrack=0")
    let reference = V2Measure.envelope(plain.strike(96, frames: 4_800), at: 2_400)
    let rig = try SemanticsRig("<region> sample=*sine amp_veltrack=0 " + opcodes)
    #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
    let frames = Int((seconds.max()! + 0.1) * Self.rate)
    let out = rig.render(
      frames, [.noteOn(key: 96, velocity: 100), .noteOff(key: 96, frame: Int(held * Self.rate))])
    return seconds.map {
      Measure.dB(Double(V2Measure.envelope(out, at: Int($0 * Self.rate)) / reference))
    }
  }

  /// The curve of egN_shapeX that ampeg_attack_shape.md describes: expm1(s x) / expm1(s).
  private static func shaped(_ x: Double, _ shape: Double) -> Double {
    expm1(shape * x) / expm1(shape)
  }

  @Test("ampeg_attack_shape=3 starts slowly: half-way through a 1 s attack the level is 0.18")
  func attackShape() throws {
    let levels = try envelope("ampeg_attack=1 ampeg_attack_shape=3", held: 2, at: [0.5, 1.5])
    #expect(abs(levels[0] - Measure.dB(Self.shaped(0.5, 3))) < 0.2, "\(levels[0]) dB")
    #expect(abs(levels[1]) < 0.1, "full after the attack")
    let straight = try envelope("ampeg_attack=1", held: 2, at: [0.5])
    #expect(abs(straight[0] - Measure.dB(0.5)) < 0.2, "unshaped stays linear: \(straight[0]) dB")
  }

  @Test("ampeg_decay_zero=0 stretches the decay over its whole time: -3 dB half-way to -6")
  func decayTimed() throws {
    // sustain 50% (-6.02 dB), decay 1 s: falling evenly in dB it is at -3.01 dB after 0.5 s;
    // by default the fall is fixed (ARIA's decay_zero=1) and reached the sustain long before
    let timed = try envelope(
      "ampeg_decay=1 ampeg_sustain=50 ampeg_decay_zero=0", held: 2, at: [0.5, 1.5])
    #expect(abs(timed[0] - Measure.dB(0.5) / 2) < 0.2, "\(timed[0]) dB")
    #expect(abs(timed[1] - Measure.dB(0.5)) < 0.1)
    let fixed = try envelope("ampeg_decay=1 ampeg_sustain=50", held: 2, at: [0.5])
    #expect(abs(fixed[0] - Measure.dB(0.5)) < 0.1, "\(fixed[0]) dB")
  }

  @Test("ampeg_release_shape=-5 falls fast, then slowly, over exactly the release time")
  func releaseShape() throws {
    let levels = try envelope(
      "ampeg_release=1 ampeg_release_shape=-5", held: 0.5, at: [0.75, 1.0, 1.55])
    // from 1 towards 0 along the shape: 1 - shaped(x, -5)
    #expect(abs(levels[0] - Measure.dB(1 - Self.shaped(0.25, -5))) < 0.3, "\(levels[0]) dB")
    #expect(abs(levels[1] - Measure.dB(1 - Self.shaped(0.5, -5))) < 0.3, "\(levels[1]) dB")
    #expect(levels[2] < -90, "silent after its time: \(levels[2]) dB")
  }

  @Test("ampeg_release_zero=0 reaches silence (-100 dB) at the release time: -50 dB half-way")
  func releaseTimed() throws {
    let timed = try envelope("ampeg_release=1 ampeg_release_zero=0", held: 0.5, at: [1.0])
    #expect(abs(timed[0] - -50) < 0.5, "\(timed[0]) dB")
    // the default fall, 8 nepers over the release time (SC_ENVELOPE_DECAY_RATE), is 34.7 dB
    let fixed = try envelope("ampeg_release=1", held: 0.5, at: [1.0])
    #expect(abs(fixed[0] - -34.74) < 0.5, "\(fixed[0]) dB")
  }
}
