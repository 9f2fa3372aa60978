import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// SFZ v2 modulator outputs beyond pitch, level and the first filter: the second filter's
/// cutoff and resonance and the noise generator (corpus/spec sfzformat/docs/modulations/
/// flex_eg.md and lfo.md list cutoff2, resonance2, the filter gains and the noise targets; syntax.yml
/// egN_noiselevel, lfoN_noiselevel...). Each envelope here jumps to level 1 and holds, so its
/// output is its depth.
@Suite("Semantics: SFZ v2 modulators on the second filter and the noise")
struct SemanticsV2TargetTests {
  private static let held = "eg1_time1=0 eg1_level1=1 eg1_sustain=1"

  private func level(_ sfz: String, key: UInt8) throws -> Double {
    let rig = try SemanticsRig("<region> amp_veltrack=0 " + sfz)
    #expect(!rig.report.diagnostics.contains { "\($0)".contains("not rendered") }, "\(sfz)")
    return SemanticsRig.level(rig.strike(key, frames: 9_600), skip: 2_400)
  }

  @Test(
    "egN_cutoff2 and egN_resonance2 move the second filter: +6 dB at a cutoff moved onto the tone")
  func secondFilter() throws {
    // key 96 plays the *sine at 2093 Hz; cutoff2 two octaves below it, moved up 2400 cents
    let plain = try level("sample=*sine", key: 96)
    let filter = "sample=*sine cutoff2=523.25 fil2_type=lpf_2p "
    let still = try level(filter, key: 96)
    let moved = try level(filter + Self.held + " eg1_cutoff2=2400 eg1_resonance2=6", key: 96)
    // corpus/spec opcodes/resonance.md: the resonance is the gain in dB at the cutoff; a
    // two-pole low-pass two octaves above its cutoff is about 24 dB down
    #expect(still - plain < -20, "unmoved: \(still - plain) dB")
    #expect(abs(moved - plain - 6) < 0.3, "at the cutoff with 6 dB: \(moved - plain) dB")
  }

  /// The filter gain targets fil1gain and fil2gain (syntax.yml, lfoN_/egN_filXgain) add dB to a
  /// peq band's gain (opcodes/fil_gain.md), here on the band's centre.
  @Test("egN_fil1gain and egN_fil2gain add their depth to the peq bands' gains")
  func filterGain() throws {
    let tone = 2 * SemanticsRig.middleC
    let plain = try level("sample=*sine", key: 72)
    let first = try level(
      "sample=*sine fil_type=peq cutoff=\(tone) " + Self.held + " eg1_fil1gain=9", key: 72)
    let second = try level(
      "sample=*sine fil2_type=peq cutoff2=\(tone) fil2_gain=-3 " + Self.held + " eg1_fil2gain=-6",
      key: 72)
    #expect(abs(first - plain - 9) < 0.1, "\(first - plain) dB")
    #expect(abs(second - plain - -9) < 0.1, "\(second - plain) dB")
  }

  /// The vibrato of key 72's *sine under `sfz`: its rate in Hz from the pitch track's upward
  /// passes through the centre, and its swing in cents either way, after `skip` frames.
  private func vibrato(_ sfz: String, before: [SamplerEvent] = [], skip: Int = 24_000) throws
    -> (hertz: Double, swing: Double)
  {
    let rig = try SemanticsRig("<region> sample=*sine amp_veltrack=0 " + sfz)
    #expect(!rig.report.diagnostics.contains { "\($0)".contains("not rendered") }, "\(sfz)")
    let track = Measure.centsByPeriod(
      rig.strike(72, frames: 120_000, before: before), sampleRate: SemanticsRig.rate,
      base: 2 * SemanticsRig.middleC
    ).filter { $0.frame >= Double(skip) }
    let cents = track.map(\.cents)
    let swing = (cents.max()! - cents.min()!) / 2
    let centre = (cents.max()! + cents.min()!) / 2
    var passes: [Double] = []
    for (a, b) in zip(track, track.dropFirst()) where a.cents < centre && b.cents >= centre {
      passes.append(b.frame)
    }
    let hertz = Double(passes.count - 1) * SemanticsRig.rate / (passes.last! - passes.first!)
    return (hertz, swing)
  }

  /// modulations/lfo.md: "lfo03_freq_lfo01=1.3 would make LFO 03 add up to 1.3 Hertz to the
  /// frequency of LFO 01", and in ARIA "the amount modulated by MIDI CC" (freq_lfo_oncc). LFO 2
  /// here is a one-step sequence at 100%, a constant full output.
  @Test(
    "lfoN_freq_lfoX adds its Hz to another LFO's rate, scaled by a controller in its _onccY form")
  func lfoMovesLfo() throws {
    let lfo1 = "lfo1_freq=2 lfo1_pitch=100 lfo1_wave=1 "
    let source = "lfo2_steps=1 lfo2_step1=100 lfo2_freq=1 "
    let plain = try vibrato(lfo1)
    let moved = try vibrato(lfo1 + source + "lfo2_freq_lfo1=3")
    #expect(abs(plain.hertz - 2) < 0.05, "\(plain.hertz) Hz")
    #expect(abs(moved.hertz - 5) < 0.05, "2 + 3 Hz: \(moved.hertz) Hz")
    let controlled = lfo1 + source + "lfo2_freq_lfo1_oncc118=3"
    let up = try vibrato(controlled, before: [.controlChange(controller: 118, value: 127)])
    let down = try vibrato(controlled, before: [.controlChange(controller: 118, value: 0)])
    #expect(abs(up.hertz - 5) < 0.05, "CC118 at 127: \(up.hertz) Hz")
    #expect(abs(down.hertz - 2) < 0.05, "CC118 at 0: \(down.hertz) Hz")
  }

  /// opcodes/egN_depth_lfoX.md: an envelope at 1 with eg1_depth_lfo1=200 "scales lfo1's effect"
  /// to 200%; depthadd adds to the LFO's own 100% instead.
  @Test("egN_depth_lfoX scales an LFO's outputs; egN_depthadd_lfoX adds to them")
  func envelopeScalesLfo() throws {
    let lfo1 = "lfo1_freq=2 lfo1_pitch=100 lfo1_wave=1 " + Self.held
    let half = try vibrato(lfo1 + " eg1_depth_lfo1=50")
    let more = try vibrato(lfo1 + " eg1_depthadd_lfo1=50")
    #expect(abs(half.swing - 50) < 2, "50%: \(half.swing) cents")
    #expect(abs(more.swing - 150) < 3, "100 + 50%: \(more.swing) cents")
  }

  /// opcodes/lfoN_wave.md: ARIA's wave 12 is "random sample & hold, generating a random value
  /// between -1 and 1 twice per period"; -1 is "deprecated ... but is random".
  @Test("lfoN_wave=12 (and -1) holds a random pitch for each half period, new every half")
  func randomWave() throws {
    for wave in [12, -1] {
      let rig = try SemanticsRig(
        "<region> sample=*sine amp_veltrack=0 lfo1_freq=2 lfo1_pitch=100 lfo1_wave=\(wave)")
      #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
      let track = Measure.centsByPeriod(
        rig.strike(72, frames: 96_000), sampleRate: SemanticsRig.rate,
        base: 2 * SemanticsRig.middleC)
      // 2 Hz: a half period is 12,000 frames; read the middle of each of the eight
      let held = (0..<8).map { half -> [Double] in
        let start = Double(half * 12_000)
        return track.filter { $0.frame > start + 1_000 && $0.frame < start + 11_000 }.map(\.cents)
      }
      for values in held {
        #expect(values.max()! - values.min()! < 1, "held within a half period")
        #expect(abs(values[0]) <= 100.5, "within the depth: \(values[0])")
      }
      let levels = held.map { $0[0] }
      #expect(Set(levels.map { Int($0.rounded()) }).count >= 6, "new values: \(levels)")
      #expect(levels.max()! - levels.min()! > 50, "spread: \(levels)")
    }
  }

  @Test("egN_noiselevel adds its depth in dB to noise_level")
  func noiseLevel() throws {
    // -40 dB raised by 34 is -6 dB: uniform noise of peak 0.5, -10.77 dB RMS
    let raised = try level(
      "sample=*silence noise_level=-40 " + Self.held + " eg1_noiselevel=34", key: 60)
    #expect(abs(raised - (-6 + Measure.dB(1 / 3.0.squareRoot()))) < 0.1, "\(raised) dB")
  }
}
