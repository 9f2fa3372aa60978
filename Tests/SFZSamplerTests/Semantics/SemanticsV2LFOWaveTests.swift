import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// What an SFZ v2 LFO's output is made of: its wave by default, a step sequence, ARIA's further
/// waves, and the polarity of its pulses. Each measured as the pitch of key 72 moved by
/// `lfo1_pitch` (cents at full LFO output).
@Suite("Semantics: SFZ v2 LFO waves, steps and sub-waves")
struct SemanticsV2LFOWaveTests {
  private static let rate = SemanticsRig.rate

  /// corpus/spec sfzformat/docs/opcodes/lfoN_steps.md and lfoN_stepX.md: lfoN_steps steps per
  /// period, each at lfoN_stepX percent of the LFO's depth.
  @Test("lfoN_steps and lfoN_stepX: each quarter of a 1 Hz period at its step's share of 400 cents")
  func steps() throws {
    let track = try V2Renders.pitchTrack(
      "lfo1_steps=4 lfo1_freq=1 lfo1_pitch=400 lfo1_step01=25 lfo1_step02=50 lfo1_step03=-50 "
        + "lfo1_step04=-100",
      frames: 96_000)
    let expected = [100.0, 200, -200, -400]
    for period in 0..<2 {
      for (step, cents) in expected.enumerated() {
        let start = Double(period * 48_000 + step * 12_000)
        let measured = V2Measure.medianCents(track, in: (start + 1_000)..<(start + 11_000))
        #expect(abs(measured - cents) < 2, "period \(period) step \(step + 1): \(measured) cents")
      }
    }
  }

  /// corpus/spec sfzformat/docs/opcodes/lfoN_stepX_onccY.md: the controller adds up to its
  /// percent to the step, "both added together will effectively be -100% or 100% if their sum
  /// exceeds one of those bounds"; an unset step is 0.
  @Test("lfoN_stepX_onccY moves a step with its controller, within +-100%")
  func stepsByController() throws {
    let sfz =
      "lfo1_steps=2 lfo1_freq=1 lfo1_pitch=400 lfo1_step01=80 lfo1_step01_oncc20=50 "
      + "lfo1_step02_oncc20=-50"
    for (value, first, second) in [(UInt8(0), 320.0, 0.0), (127, 400, -200), (64, 400, -100.8)] {
      let track = try V2Renders.pitchTrack(
        sfz, frames: 48_000, before: [.controlChange(controller: 20, value: value)])
      let one = V2Measure.medianCents(track, in: 2_000..<22_000)
      let two = V2Measure.medianCents(track, in: 26_000..<46_000)
      #expect(abs(one - first) < 2, "CC20 \(value), step 1: \(one) cents")
      #expect(abs(two - second) < 2, "CC20 \(value), step 2: \(two) cents")
    }
  }

  /// corpus/spec sfzformat/docs/opcodes/lfoN_waveX.md, lfoN_ratioX.md, lfoN_scaleX.md and
  /// lfoN_offsetX.md: the second wave adds to the main one at the LFO's frequency times ratio2,
  /// times scale2, plus offset2.
  @Test("lfoN_wave2, ratio2, scale2, offset2: a 2 Hz sine of half the depth plus 20% on a 1 Hz one")
  func subwave() throws {
    let track = try V2Renders.pitchTrack(
      "lfo1_wave=1 lfo1_freq=1 lfo1_pitch=100 lfo1_wave2=1 lfo1_ratio2=2 lfo1_scale2=0.5 "
        + "lfo1_offset2=0.2",
      frames: 96_000)
    var worst = 0.0
    for point in track where point.frame > 480 {
      let t = point.frame / Self.rate
      let expected = 100 * (sin(2 * .pi * t) + 0.5 * sin(2 * .pi * 2 * t) + 0.2)
      worst = max(worst, abs(point.cents - expected))
    }
    #expect(track.count > 500)
    #expect(worst < 3, "largest distance from 100 (sin 2 pi t + 0.5 sin 4 pi t + 0.2): \(worst)")
  }

  /// corpus/spec sfzformat/docs/opcodes/lfoN_wave.md: "Triangle is the default waveform in
  /// ARIA" (syntax.yml gives 1, the sine, which ARIA keeps for its SFZ v1 LFOs).
  @Test("an lfoN_ without lfoN_wave swings as a triangle, not a sine")
  func defaultWave() throws {
    func shape(_ wave: String) throws -> (high: Double, low: Double, rising: Double) {
      let track = try V2Renders.pitchTrack("lfo1_freq=2 lfo1_pitch=100 " + wave, frames: 48_000)
      return V2Measure.shape(V2Measure.cents(track, in: 24..<48_024))
    }
    // beyond 80% of the swing: a triangle 10% of the time at each end, a sine 20.5%
    let unset = try shape("")
    #expect(abs(unset.high - 0.10) < 0.03 && abs(unset.low - 0.10) < 0.03, "\(unset)")
    let sine = try shape("lfo1_wave=1")
    #expect(abs(sine.high - 0.205) < 0.03, "the sine for comparison: \(sine)")
  }

  /// Square and pulse waves are unipolar, as ARIA plays them: corpus/spec
  /// sfzformat/docs/opcodes/lfoN_wave.md names the waves but not their range; in ARIA
  /// `lfo1_wave=3 lfo1_pitch=600` moves between the note and 600 cents above it.
  @Test("lfoN_wave 2...5 move between 0 and the depth, for their duty cycle")
  func pulsePolarity() throws {
    for (wave, duty) in [(2, 0.75), (3, 0.5), (4, 0.25), (5, 0.125)] {
      let track = try V2Renders.pitchTrack(
        "lfo1_freq=2 lfo1_pitch=100 lfo1_wave=\(wave)", frames: 48_000)
      let cents = V2Measure.cents(track, in: 24..<48_024)
      let top = cents.filter { abs($0 - 100) < 2 }.count
      let rest = cents.filter { abs($0) < 2 }.count
      let share = Double(top) / Double(cents.count)
      #expect(abs(share - duty) < 0.03, "wave \(wave): \(share) of the time at +100 cents")
      #expect(cents.min()! > -2, "wave \(wave) never below the note: \(cents.min()!)")
      #expect(Double(top + rest) > 0.95 * Double(cents.count), "wave \(wave): two levels only")
    }
  }
}
