import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// The SFZ v2 noise generator. Its opcode pages (corpus/spec sfzformat/docs/opcodes/noise_*.md)
/// are empty and sfzformat/data/sfz/syntax.yml gives only the ranges (noise_level -96...24 dB,
/// noise_step and noise_tone 0...100, noise_stereo on/off, noise_filter on/off or a filter
/// type): the quantities measured here are the choices written in config.h (SC_NOISE_*).
@Suite("Semantics: noise generator")
struct SemanticsNoiseTests {
  static let rate = SemanticsRig.rate

  /// Two seconds of a held note, both sides.
  private func noise(_ opcodes: String, before: [SamplerEvent] = []) throws -> ([Float], [Float]) {
    let rig = try SemanticsRig("<region> sample=*silence amp_veltrack=0 \(opcodes)")
    for event in before { _ = rig.render(1, [event]) }
    let (l, r) = SemanticsFilterPedalTests.stereo(rig, key: 60, frames: 192_000)
    return (Array(l[480...]), Array(r[480...]))
  }

  private func power(_ signal: [Float], _ hertz: Double) -> Double {
    Measure.noisePowerDB(signal, frequency: hertz, sampleRate: Self.rate)
  }

  @Test("noise_level sets the level: 0 dB is uniform noise of peak 1, so -6 is -10.77 dB RMS")
  func level() throws {
    let (left, _) = try noise("noise_level=-6")
    // uniform noise between -1 and 1 has an RMS of 1/sqrt(3): -4.77 dB
    let expected = -6 + Measure.dB(1 / 3.0.squareRoot())
    #expect(abs(Measure.rmsDB(left[...]) - expected) < 0.1, "\(Measure.rmsDB(left[...])) dB")
    #expect(Measure.peak(left[...]) <= Float(pow(10, -6.0 / 20)) * 1.0001)
    let (silent, _) = try noise("noise_step=20 noise_tone=30")
    #expect(Measure.peak(silent[...]) == 0, "no level, no noise")
  }

  @Test("noise_level_onccN adds its dB at the controller's top")
  func levelController() throws {
    let (rest, _) = try noise("noise_level=-6 noise_level_oncc1=-12")
    let (moved, _) = try noise(
      "noise_level=-6 noise_level_oncc1=-12", before: [.controlChange(controller: 1, value: 127)])
    let difference = Measure.rmsDB(moved[...]) - Measure.rmsDB(rest[...])
    #expect(abs(difference - -12) < 0.15, "\(difference) dB")
  }

  @Test("noise_stereo=on gives each side its own noise; off one noise for both")
  func stereo() throws {
    let (monoL, monoR) = try noise("noise_level=-6")
    #expect(monoL == monoR)
    let (left, right) = try noise("noise_level=-6 noise_stereo=on")
    var dot = 0.0
    var leftPower = 0.0
    var rightPower = 0.0
    for (l, r) in zip(left, right) {
      dot += Double(l) * Double(r)
      leftPower += Double(l) * Double(l)
      rightPower += Double(r) * Double(r)
    }
    let correlation = dot / (leftPower * rightPower).squareRoot()
    #expect(abs(correlation) < 0.02, "correlation \(correlation)")
    #expect(abs(Measure.rmsDB(left[...]) - Measure.rmsDB(right[...])) < 0.1)
  }

  @Test("noise_tone 50 is white; 25 is a one-pole low-pass at 632 Hz, 75 a high-pass there")
  func tone() throws {
    let (white, _) = try noise("noise_level=0")
    #expect(abs(power(white, 250) - power(white, 8_000)) < 0.6, "flat")
    // corner 20 Hz x 1000^(25/50) = 632 Hz; a one pole is 10 log10(1 + (f/fc)^2) down
    let corner = 20 * 1000.0.squareRoot()
    let lowPass = try noise("noise_level=0 noise_tone=25").0
    let highPass = try noise("noise_level=0 noise_tone=75").0
    func onePole(_ f: Double) -> Double { 10 * log10(1 + (f / corner) * (f / corner)) }
    let low = power(lowPass, corner / 4) - power(lowPass, corner * 4)
    #expect(abs(low - (onePole(corner * 4) - onePole(corner / 4))) < 0.8, "low-pass: \(low) dB")
    let high = power(highPass, corner * 4) - power(highPass, corner / 4)
    let highExpected = onePole(corner * 4) - onePole(corner / 4)  // the same 12 dB, mirrored
    #expect(abs(high - highExpected) < 0.8, "high-pass: \(high) dB")
  }

  @Test("noise_step holds each value: at 50, 32 frames, so the spectrum's first null is 1.5 kHz")
  func step() throws {
    let (held, _) = try noise("noise_level=0 noise_step=50")
    // a hold of T frames shapes the spectrum by sinc(f T / rate): nulls at multiples of 1.5 kHz
    #expect(power(held, 300) - power(held, 1_500) > 20, "a null at 1.5 kHz")
    var steps = 0
    for i in 1..<held.count where held[i] != held[i - 1] { steps += 1 }
    let expected = Double(held.count) / 32
    #expect(abs(Double(steps) - expected) / expected < 0.01, "\(steps) new values")
  }

  @Test("noise_filter=on (the default) sends the noise through the region's filter; off does not")
  func filtered() throws {
    let through = try noise("noise_level=0 cutoff=500 fil_type=lpf_2p").0
    let around = try noise("noise_level=0 cutoff=500 fil_type=lpf_2p noise_filter=off").0
    // a two-pole low-pass is 40 dB down four octaves above its cutoff
    #expect(power(through, 8_000) - power(through, 125) < -40)
    #expect(abs(power(around, 8_000) - power(around, 125)) < 0.6)
  }
}
