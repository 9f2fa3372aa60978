import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// What an SFZ v2 LFO's output is made of: its wave by default and the polarity of its pulses,
/// each measured as the pitch of key 72 moved by `lfo1_pitch` (cents at full LFO output).
@Suite("Semantics: SFZ v2 LFO waves")
struct SemanticsV2LFOWaveTests {
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
