import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// Flex envelope points: how many an envelope may have, points only a controller sets, and
/// egN_ampeg written as a number. Measured on the amplitude of key 96 through egN_ampeg.
@Suite("Semantics: SFZ v2 flex envelope points")
struct SemanticsV2FlexPointTests {
  private func ms(_ frame: Int?) -> Double { Double(frame ?? -1) / 48 }

  /// corpus/spec sfzformat/docs/modulations/envelope_generators.md: "Flexible EG can have as
  /// many points as needed"; each time is seconds from the previous point, each level 0...1.
  @Test("a 13-point envelope (points 0...12, past 8) reaches each point at its time and level")
  func manyPoints() throws {
    let levels: [Double] = [1, 0.5, 1, 0.25, 1, 0.5, 1, 0.25, 1, 0.5, 0.125, 0.0625]
    var sfz = "eg1_ampeg=1 eg1_sustain=\(levels.count)"
    for (i, level) in levels.enumerated() {
      sfz += " eg1_time\(i + 1)=0.05 eg1_level\(i + 1)=\(level)"
    }
    let out = try V2Renders.ampEnvelope(sfz, held: 48_000, frames: 48_000)
    for (i, level) in levels.enumerated() {
      let frame = (i + 1) * 2_400
      let measured = Measure.dB(Double(V2Measure.envelope(out, at: frame)))
      // the half-millisecond window reads up to 0.3 dB above a trough
      #expect(
        abs(measured - Measure.dB(level)) < 0.4,
        "point \(i + 1) at \(frame / 48) ms: \(measured) dB, not \(Measure.dB(level))")
    }
    // point 9 (1 at 450 ms) to point 10 (0.5 at 500 ms): 0.75 at 475 ms
    #expect(abs(ms(V2Measure.crossing(out, level: 0.75, from: 21_600)) - 475) < 1)
    // point 11 (0.125 at 550 ms) to 12 (0.0625 at 600 ms), then held
    let held = Measure.dB(Double(V2Measure.envelope(out, at: 40_000)))
    #expect(abs(held - Measure.dB(0.0625)) < 0.2, "sustains at point 12: \(held) dB")
  }

  /// corpus/spec sfzformat/docs/opcodes/egN_timeX_onccY.md and egN_levelX_onccY.md: a point's
  /// time and level follow a controller; opcodes/egN_points.md: ARIA counts the points the
  /// envelope defines, and egN_points changes nothing.
  @Test("a point only egN_timeX_onccY and egN_levelX_onccY set exists and moves with the CC")
  func controllerOnlyPoint() throws {
    let sfz =
      "eg1_ampeg=1 eg1_points=2 eg1_time1=0.1 eg1_level1=1 eg1_time2_oncc30=0.2 "
      + "eg1_level2_oncc30=0.5 eg1_sustain=2"
    func envelope(_ value: UInt8) throws -> [Float] {
      try V2Renders.ampEnvelope(
        sfz, held: 38_400, frames: 38_400, before: [.controlChange(controller: 30, value: value)])
    }
    // CC30 127: point 2 at 0.5 (-6.02 dB) 200 ms after point 1, 0.75 at 200 ms
    let full = try envelope(127)
    #expect(abs(ms(V2Measure.crossing(full, level: 0.75, from: 4_800)) - 200) < 1)
    let fullLevel = Measure.dB(Double(V2Measure.envelope(full, at: 24_000)))
    #expect(abs(fullLevel - Measure.dB(0.5)) < 0.1, "held at \(fullLevel) dB")
    // CC30 64: 0.252 (-11.97 dB) 100.8 ms after point 1
    let half = try envelope(64)
    let scale = 64.0 / 127
    #expect(
      abs(
        ms(V2Measure.crossing(half, level: Float(1 + 0.5 * scale) / 2, from: 4_800))
          - (100 + 100 * scale)) < 1)
    let halfLevel = Measure.dB(Double(V2Measure.envelope(half, at: 24_000)))
    #expect(abs(halfLevel - Measure.dB(0.5 * scale)) < 0.1, "held at \(halfLevel) dB")
  }

  /// corpus/spec sfzformat/docs/modulations/envelope_generators.md writes `eg01_ampeg=100`,
  /// opcodes/egN_ampeg.md `eg1_ampeg=1` ("ARIA boolean value, 1=true, 0=false").
  @Test("egN_ampeg=100 is taken as on, egN_ampeg=0 as off")
  func ampegAsNumber() throws {
    let flex = "eg1_time1=0.01 eg1_level1=1 eg1_sustain=1 ampeg_attack=1"
    for (value, expected) in [("100", 1.0), ("1", 1.0), ("0", 0.05)] {
      let rig = try SemanticsRig("<region> sample=*sine eg1_ampeg=\(value) " + flex)
      #expect(!rig.report.diagnostics.contains { "\($0)".contains("eg1_ampeg") })
      let out = try V2Renders.ampEnvelope(
        "eg1_ampeg=\(value) " + flex, held: 4_800, frames: 4_800)
      // at 50 ms: the flex envelope is at 1; ampeg_attack=1 alone is at 0.05
      let level = Double(V2Measure.envelope(out, at: 2_400))
      #expect(abs(level - expected) < 0.02, "eg1_ampeg=\(value): \(level) at 50 ms")
    }
  }

  /// corpus/spec opcodes/egN_curveX.md (ARIA; its example `eg01_curve1=10`): the segment ending
  /// at point X follows `<curve>` X instead of its shape. Curve 7 here rises to 0.9 at v064 and
  /// 1 at v127 (straight between defined points, headers/curve.md), so half-way through a 1 s
  /// segment, at 63.5 of 127, the level is 0.9 x 63.5 / 64.
  @Test("egN_curveX makes a segment follow a <curve>: 0.893 half-way where straight is 0.5")
  func curveSegment() throws {
    let sfz = """
      eg1_ampeg=1 eg1_time1=1 eg1_level1=1 eg1_sustain=1 eg1_curve1=7
      <curve> curve_index=7 v000=0 v064=0.9 v127=1
      """
    let out = try V2Renders.ampEnvelope(sfz, held: 72_000, frames: 72_000)
    let half = Measure.dB(Double(V2Measure.envelope(out, at: 24_000)))
    #expect(abs(half - Measure.dB(0.9 * 63.5 / 64)) < 0.2, "\(half) dB")
    let straight = try V2Renders.ampEnvelope(
      "eg1_ampeg=1 eg1_time1=1 eg1_level1=1 eg1_sustain=1", held: 72_000, frames: 72_000)
    let plain = Measure.dB(Double(V2Measure.envelope(straight, at: 24_000)))
    #expect(abs(plain - Measure.dB(0.5)) < 0.2, "without the curve: \(plain) dB")
  }
}
