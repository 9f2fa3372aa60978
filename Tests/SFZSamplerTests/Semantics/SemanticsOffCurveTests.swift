import AudioTestSupport
import CSndfile
import Foundation
import SFZSampler
import Testing

/// The curve of an off_mode=time fade: corpus/spec sfzformat/docs/opcodes/off_curve.md (-2 a
/// static segment, -1 linear, 0 x^n and 1 n^x with n the off_shape, 10 vendor-specific),
/// off_shape.md ("like ampeg_release_shape": 0 linear, negative falls fast then slowly) and
/// data/sfz/syntax.yml (off_curve defaults to 10 once either is written). A constant sample is
/// choked by a note of another group; its level along the 1 s fade is read in dB at a quarter,
/// half and three quarters of off_time.
@Suite("Semantics: off_curve and off_shape")
struct SemanticsOffCurveTests {
  private static let chokeAt = 4_800
  private static let fade = 48_000

  /// dB below the level before the choke at 1/4, 1/2 and 3/4 of the fade, and whether the voice
  /// is silent once the fade is over.
  private func fadeLevels(_ opcodes: String) throws -> (dB: [Double], silentAfter: Bool) {
    let fixtures = try DecodingFixtures()
    let path = try fixtures.writeFloat(
      "dc.wav", values: [Float](repeating: 0.5, count: 96_000), channels: 1,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT), sampleRate: 48_000)
    let rig = try SemanticsRig(
      """
      <region> sample=*silence key=42 group=1
      <region> sample=\(path) key=46 pitch_keycenter=46 group=2 off_by=1 amp_veltrack=0
      off_mode=time off_time=1 \(opcodes)
      """)
    let out = rig.render(
      Self.chokeAt + Self.fade + 4_800,
      [.noteOn(key: 46, velocity: 100), .noteOn(key: 42, velocity: 100, frame: Self.chokeAt)])
    let before = Double(out[Self.chokeAt - 100])
    let levels = [1, 2, 3].map { quarter in
      Measure.dB(Double(out[Self.chokeAt + quarter * Self.fade / 4]) / before)
    }
    return (levels, Measure.peak(out[(Self.chokeAt + Self.fade + 64)...]) == 0)
  }

  /// The level after `x` of the fade, in dB, from the curve's formula.
  private static func dB(_ level: (Double) -> Double) -> [Double] {
    [0.25, 0.5, 0.75].map { Measure.dB(level($0)) }
  }

  @Test(
    "each off_curve fades along its formula",
    arguments: [
      // off_shape alone: curve 10, the exponential segment of curvature n (egN_shapeX's too)
      ("off_shape=-3", dB { 1 - expm1(-3 * $0) / expm1(-3) }),
      ("off_shape=2.1", dB { 1 - expm1(2.1 * $0) / expm1(2.1) }),
      ("off_curve=0 off_shape=2", dB { 1 - pow($0, 2) }),
      ("off_curve=1 off_shape=4", dB { 1 - (pow(4, $0) - 1) / 3 }),
      ("off_curve=-1 off_shape=-3", dB { 1 - $0 }),
      ("off_shape=0", dB { 1 - $0 }),
      ("", dB { 1 - $0 }),
    ])
  func curves(opcodes: String, expected: [Double]) throws {
    let (levels, silent) = try fadeLevels(opcodes)
    for (got, want) in zip(levels, expected) {
      #expect(abs(got - want) < 0.01, "\(opcodes): \(levels) dB, expected \(expected)")
    }
    #expect(silent, "\(opcodes): silent after off_time")
  }

  @Test("a negative off_shape falls fast at first and slowly at the end, as off_shape.md says")
  func negativeShapeIsFastFirst() throws {
    let amplitude = try fadeLevels("off_shape=-3").dB.map { pow(10, $0 / 20) }
    #expect(1 - amplitude[0] > 0.5, "more than half gone after a quarter: \(amplitude)")
    #expect(amplitude[1] - amplitude[2] < (1 - amplitude[0]) / 2, "a slow tail: \(amplitude)")
  }

  @Test("off_curve=-2 holds the level for off_time, then the voice stops")
  func staticCurve() throws {
    let (levels, silent) = try fadeLevels("off_curve=-2")
    #expect(levels.allSatisfy { abs($0) < 0.01 }, "\(levels)")
    #expect(silent)
  }
}
