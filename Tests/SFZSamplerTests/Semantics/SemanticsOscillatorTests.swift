import AudioTestSupport
import CSndfile
import Foundation
import SFZSampler
import Testing

/// SFZ v2 oscillators (corpus/spec sfzformat/docs/opcodes/oscillator.md, oscillator_multi.md,
/// oscillator_phase.md): a sample played as one cycle of a waveform, and unisons of them.
@Suite("Semantics: oscillators")
struct SemanticsOscillatorTests {
  private static let rate = SemanticsRig.rate

  @Test("oscillator=on plays a one-cycle sample at the key's pitch: key 69 is 440 Hz, 81 is 880")
  func cycleAtPitch() throws {
    let fixtures = try DecodingFixtures()
    // 100 frames at 48 kHz: one cycle of 480 Hz as recorded
    let path = try fixtures.writeFloat(
      "cycle.wav", values: (0..<100).map { Float(sin(2 * Double.pi * Double($0) / 100)) },
      channels: 1, format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT), sampleRate: 48_000)
    let rig = try SemanticsRig(
      "<region> sample=\(path) oscillator=on pitch_keycenter=69 amp_veltrack=0")
    #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
    for (key, hertz) in [(69, 440.0), (81, 880.0)] {
      let out = rig.strike(UInt8(key), frames: 48_000)
      #expect(SemanticsRig.level(out, skip: 40_000) > -10, "it keeps sounding: a loop")
      let measured = Measure.frequency(out, sampleRate: Self.rate, in: 2_400..<48_000)
      #expect(abs(Measure.cents(measured, from: hertz)) < 0.5, "key \(key): \(measured) Hz")
    }
  }

  /// oscillator_multi.md: with m oscillators and detune d, oscillator i is detuned by d times
  /// 0, -1, 1, -1/4, 1/4... and sounds (i - 1) / (m - 1) on the left, the rest on the right.
  @Test("oscillator_multi=3 oscillator_detune=100: 0, -100 and +100 cents at 0, 1/2, 1 on the left")
  func unison() throws {
    let rig = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 oscillator_multi=3 oscillator_detune=100")
    let (left, right) = SemanticsFilterPedalTests.stereo(rig, key: 60, frames: 48_000)
    func amplitude(_ signal: [Float], cents: Double) -> Double {
      Measure.toneAmplitude(
        signal, frequency: SemanticsRig.middleC * pow(2, cents / 1200), sampleRate: Self.rate,
        in: 4_800..<48_000)
    }
    let gains: [(cents: Double, left: Double)] = [(0, 0), (-100, 0.5), (100, 1)]
    for (cents, expectedLeft) in gains {
      let l = amplitude(left, cents: cents)
      let r = amplitude(right, cents: cents)
      #expect(abs(l - expectedLeft) < 0.02, "\(cents) cents, left: \(l)")
      #expect(abs(r - (1 - expectedLeft)) < 0.02, "\(cents) cents, right: \(r)")
    }
  }

  /// oscillator_multi.md: "If the value is 2, the region operates in ring modulation mode" -
  /// the waveform times a second oscillator, which the unison table puts at -1 x
  /// oscillator_detune. A 440 Hz sine times a 220 Hz one is, by sin a sin b = (cos(a - b) -
  /// cos(a + b)) / 2, 220 and 660 Hz at half the sine's amplitude each, and nothing at 440.
  @Test("oscillator_multi=2 ring-modulates: 440 Hz by 220 Hz gives 220 and 660 Hz at half, no 440")
  func ringModulation() throws {
    let plain = try SemanticsRig("<region> sample=*sine amp_veltrack=0").strike(69, frames: 48_000)
    let rig = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 oscillator_multi=2 oscillator_detune=1200")
    #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
    let ring = rig.strike(69, frames: 48_000)
    func amplitude(_ signal: [Float], _ hertz: Double) -> Double {
      Measure.toneAmplitude(signal, frequency: hertz, sampleRate: Self.rate, in: 4_800..<48_000)
    }
    let sine = amplitude(plain, 440)
    for hertz in [220.0, 660.0] {
      let a = amplitude(ring, hertz) / sine
      #expect(abs(a - 0.5) < 0.01, "\(hertz) Hz at \(a) of the sine")
    }
    #expect(amplitude(ring, 440) / sine < 0.01, "the carrier is gone")
  }

  /// oscillator_phase.md: "values from 0 to 360 set the phase in degrees".
  @Test("oscillator_phase=90 starts the cycle at its top")
  func phase() throws {
    let plain = try SemanticsRig("<region> sample=*sine amp_veltrack=0").strike(60, frames: 480)
    let quarter = try SemanticsRig("<region> sample=*sine amp_veltrack=0 oscillator_phase=90")
      .strike(60, frames: 480)
    let peak = Measure.peak(plain[...])
    #expect(abs(plain[0]) < 0.05 * peak)
    #expect(quarter[0] > 0.95 * peak, "\(quarter[0]) of \(peak)")
  }
}
