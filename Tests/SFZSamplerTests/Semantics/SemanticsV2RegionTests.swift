import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// SFZ v2 and ARIA region opcodes for placement, bends, timing and offsets, each measured
/// against the page it cites (corpus/spec sfzformat/docs/opcodes/).
@Suite("Semantics: SFZ v2 and ARIA region opcodes")
struct SemanticsV2RegionTests {
  private static let base = "<region> sample=*sine amp_veltrack=0 "

  private func cents(_ signal: [Float], in range: Range<Int>) -> Double {
    Measure.cents(
      Measure.frequency(signal, sampleRate: SemanticsRig.rate, in: range),
      from: SemanticsRig.middleC)
  }

  /// pan_veltrack.md: "With positive values, higher-velocity notes will be panned more to the
  /// right"; syntax.yml: percent. At velocity 100, pan_veltrack=100 pans 100 x 100/127 %.
  @Test("pan_veltrack pans by its percent times velocity / 127")
  func panVeltrack() throws {
    let rig = try SemanticsRig(Self.base + "pan_veltrack=100")
    let (left, right) = SemanticsFilterPedalTests.stereo(rig, key: 60)
    let pan = 100.0 / 127
    // equal-power gains cos and sin of (pan + 1) pi / 4
    let expected = Measure.dB(tan((pan + 1) * .pi / 4))
    let difference = Measure.rmsDB(right[240...]) - Measure.rmsDB(left[240...])
    #expect(abs(difference - expected) < 0.1, "\(difference) dB, expected \(expected)")
  }

  /// bend_stepup.md / bend_stepdown.md: each direction moves in its own steps.
  @Test("bend_stepup and bend_stepdown step the two directions apart: +500 and -600 cents")
  func bendSteps() throws {
    let rig = try SemanticsRig(
      Self.base + "bend_up=1200 bend_down=-1200 bend_stepup=100 bend_stepdown=200")
    // 3500/8191 of 1200 is 512.8 cents, in steps of 100: 500; -3500/8192 of 1200 is -512.7,
    // in steps of 200: -600
    let up = rig.strike(60, frames: 9_600, before: [.pitchBend(value: 3_500)])
    let down = rig.strike(60, frames: 9_600, before: [.pitchBend(value: -3_500)])
    #expect(abs(cents(up, in: 240..<9_600) - 500) < 1)
    #expect(abs(cents(down, in: 240..<9_600) - -600) < 1)
  }

  /// bend_smooth.md: "Adds inertia to the bends ... similar to smoothccN": the pitch follows a
  /// moved wheel with a time constant of bend_smooth ms (63% of the way after it).
  @Test("bend_smooth=100 makes a full bend arrive with a 100 ms time constant")
  func bendSmooth() throws {
    let rig = try SemanticsRig(Self.base + "bend_up=1200 bend_smooth=100")
    let out = rig.render(
      48_000, [.noteOn(key: 60, velocity: 100), .pitchBend(value: 8_191, frame: 9_600)])
    let track = Measure.centsByPeriod(
      out, sampleRate: SemanticsRig.rate, base: SemanticsRig.middleC)
    func at(_ frame: Double) -> Double {
      track.min { abs($0.frame - frame) < abs($1.frame - frame) }!.cents
    }
    #expect(abs(at(9_000)) < 2, "before the move")
    let oneConstant = at(9_600 + 4_800)
    #expect(abs(oneConstant - 1_200 * (1 - exp(-1))) < 40, "after 100 ms: \(oneConstant)")
    #expect(abs(at(47_000) - 1_200) < 5, "arrived: \(at(47_000))")
    // a note struck with the wheel already up starts there, with no glide
    let held = rig.strike(60, frames: 4_800)
    #expect(abs(cents(held, in: 240..<2_400) - 1_200) < 2)
  }

  /// delay_beats.md: the region waits that many beats of the host tempo (120 bpm: 24,000 frames
  /// a beat at 48 kHz).
  @Test("delay_beats=1.5 at 120 bpm starts the note 36,000 frames late")
  func delayBeats() throws {
    let rig = try SemanticsRig(Self.base + "delay_beats=1.5")
    _ = rig.render(1, [.tempo(bpm: 120)])
    let out = rig.render(48_000, [.noteOn(key: 60, velocity: 100)])
    let onset = Measure.onset(out)
    #expect(onset.map { abs($0 - 36_000) <= 1 } == true, "\(String(describing: onset))")
  }

  /// offset_mode.md: "set offset to a percentage of the total sample length"; the *sine's cycle
  /// from half-way is the same cycle upside down.
  @Test("offset_mode=percent: offset=50 starts half-way through the sample")
  func offsetPercent() throws {
    let plain = try SemanticsRig(Self.base).strike(60, frames: 4_800)
    let half = try SemanticsRig(Self.base + "offset_mode=percent offset=50").strike(
      60, frames: 4_800)
    let worst = zip(plain, half).dropFirst(480).map { abs($0 + $1) }.max()!
    #expect(worst < 1e-3, "the negative of the whole cycle: \(worst)")
    #expect(Measure.rmsDB(half[480...]) > -10)
  }

  /// pitch.md, titled "tune / pitch": ARIA's second name for tune.
  @Test("pitch=100 tunes like tune=100")
  func pitchAlias() throws {
    let out = try SemanticsRig(Self.base + "pitch=100").strike(60, frames: 9_600)
    #expect(abs(cents(out, in: 240..<9_600) - 100) < 1)
  }
}
