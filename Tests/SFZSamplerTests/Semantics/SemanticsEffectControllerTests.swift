import AudioTestSupport
import Foundation
import SFZ
import SongPlayback
import Testing

@testable import SFZSampler

/// Controllers on an `<effect>`'s parameters (corpus/spec sfzformat/data/sfz/syntax.yml, Effects:
/// the `midi_cc` modulations `bitred_onccN`, `eq_gain_onccN`, `filter_cutoff_onccN`,
/// `delay_timec_onccN`, `delay_wet_onccN`, `reverb_wet_onccN`...; opcodes/bypass_onccN.md). The
/// effect pages give no rule for the amount, so it is a region's `_onccN`'s: added at CC 127,
/// linearly in between, in the parameter's own unit.
@Suite("Semantics: <effect> controllers")
struct SemanticsEffectControllerTests {
  static let sine = "<region> sample=*sine amp_veltrack=0 "

  /// One second of middle C (or `key`) held after CC 20 is set to `cc`, left channel.
  private func note(_ sfz: String, cc: UInt8, key: UInt8 = 60, frames: Int = 48_000) throws
    -> [Float]
  {
    let rig = try SemanticsRig(sfz)
    #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
    return rig.render(
      frames, [.controlChange(controller: 20, value: cc), .noteOn(key: key, velocity: 100)])
  }

  /// RMS in dB of the held note past its attack.
  private func level(_ signal: [Float]) -> Double { Measure.rmsDB(signal[4_800...]) }

  /// eq_gain_onccN (syntax.yml): the gain at eq_freq is eq_gain plus the amount at CC 127, and
  /// 64/127 of it at CC 64 (a peaking band's gain at its centre is its gain in dB).
  @Test("eq_gain_oncc20=12 over eq_gain=-3: +9 dB at eq_freq at CC 127, +3.05 dB at CC 64")
  func eqGain() throws {
    let effect =
      "<effect> type=eq eq_freq=\(SemanticsRig.middleC) eq_bw=1 eq_gain=-3 eq_gain_oncc20=12"
    let dry = level(try note(Self.sine, cc: 0))
    for (cc, expected) in [(UInt8(127), 9.0), (64, -3 + 12 * 64 / 127.0), (0, -3)] {
      let gain = level(try note(Self.sine + effect, cc: cc)) - dry
      #expect(abs(gain - expected) < 0.05, "CC \(cc): \(gain) dB, \(expected) expected")
    }
  }

  /// filter_cutoff_onccN in Hz (the cutoff's unit): cutoff 200 plus 800 at CC 127 is the 2-pole
  /// low-pass curve of a 1 kHz cutoff (type.md: the ordinary filter's meanings; resonance 0 dB is
  /// Q 1), measured at two octaves above middle C; at CC 0 it is the curve of 200 Hz.
  @Test("filter_cutoff_oncc20=800 over 200 Hz: the lpf_2p curve of 1 kHz at CC 127, 200 Hz at 0")
  func filterCutoff() throws {
    let effect =
      "<effect> type=filter filter_type=lpf_2p filter_cutoff=200 filter_resonance=0 "
      + "filter_cutoff_oncc20=800"
    let hertz = SemanticsRig.middleC * 4
    let dry = level(try note(Self.sine, cc: 0, key: 84))
    for (cc, cutoff) in [(UInt8(127), 1_000.0), (0, 200)] {
      let gain = level(try note(Self.sine + effect, cc: cc, key: 84)) - dry
      let omega = FilterCurve.omega(hertz: hertz, cutoff: cutoff, sampleRate: SemanticsRig.rate)
      let expected = Measure.dB(FilterCurve.twoPole(highPass: false, omega: omega, q: 1))
      #expect(abs(gain - expected) < 0.05, "CC \(cc): \(gain) dB, \(expected) expected")
    }
  }

  /// bitred_onccN: bitred 0 plus 60 at CC 127 keeps 7 bits (config.h SC_LOFI_*: 16 - 15 x 0.6),
  /// whose grid of 2 / 2^7 leaves 2 round(A / q) + 1 levels; at CC 0 the note is untouched.
  @Test("bitred_oncc20=60: a 7-bit grid's levels at CC 127, the plain note at CC 0")
  func bitReduction() throws {
    let effect = "<effect> type=lofi bitred=0 bitred_oncc20=60"
    let dry = try note(Self.sine, cc: 0)
    let step = 2.0 / 128
    let amplitude = Double(Measure.peak(dry[4_800...]))
    let reduced = Set(try note(Self.sine + effect, cc: 127)[4_800...]).count
    let expected = 2 * Int((amplitude / step).rounded()) + 1
    #expect(reduced == expected, "\(reduced) levels, \(expected) expected")
    let untouched = try note(Self.sine + effect, cc: 0)
    #expect(untouched == dry, "bitred 0 changes nothing")
  }

  /// delay_wet_onccN in percent, a linear gain as delay_wet: an echo of the note alone
  /// (delay_dry=0, no feedback) at 0 dB against the note at CC 127, 20 log10(64/127) = -5.95 dB
  /// at CC 64, nothing at CC 0.
  @Test("delay_wet_oncc20=100 over 0: the echo at 0 dB at CC 127, -5.95 dB at 64, none at 0")
  func delayWet() throws {
    let effect =
      "<effect> type=delay delay_timec=0.1 delay_feedback=0 delay_dry=0 delay_wet=0 "
      + "delay_wet_oncc20=100"
    // past the echo's attack
    func echoLevel(_ signal: [Float]) -> Double { Measure.rmsDB(signal[9_600...]) }
    let dry = echoLevel(try note(Self.sine, cc: 0))
    for (cc, expected) in [(UInt8(127), 0.0), (64, 20 * log10(64 / 127.0))] {
      let echo = echoLevel(try note(Self.sine + effect, cc: cc)) - dry
      #expect(abs(echo - expected) < 0.05, "CC \(cc): \(echo) dB, \(expected) expected")
    }
    let silent = try note(Self.sine + effect, cc: 0)
    #expect(Measure.peak(silent[...]) == 0, "no echo at CC 0")
  }

  /// delay_timec_onccN in seconds: 0.1 s plus 0.1 s at CC 127 puts the echo 9600 frames after
  /// the note, 4800 at CC 0 (the line is taken as long as the controller can make it).
  @Test("delay_timec_oncc20=0.1 over 0.1 s: the echo 9600 frames late at CC 127, 4800 at CC 0")
  func delayTime() throws {
    let effect =
      "<effect> type=delay delay_timec=0.1 delay_feedback=0 delay_dry=0 delay_wet=100 "
      + "delay_timec_oncc20=0.1"
    let dryOnset = try #require(Measure.onset(try note(Self.sine, cc: 0, frames: 4_800)))
    for (cc, expected) in [(UInt8(127), 9_600), (0, 4_800)] {
      let onset = try #require(Measure.onset(try note(Self.sine + effect, cc: cc, frames: 14_400)))
      #expect(onset - dryOnset == expected, "CC \(cc): \(onset - dryOnset) frames")
    }
  }

  /// reverb_wet_onccN in percent: reverb_wet 0 plus 100 at CC 127 is the return of reverb_wet=100,
  /// and nothing at CC 0.
  @Test("reverb_wet_oncc20=100 over 0: reverb_wet=100's return at CC 127, silence at CC 0")
  func reverbWet() throws {
    let base = "<effect> type=fverb reverb_dry=0 reverb_size=30 "
    let full = level(try note(Self.sine + base + "reverb_wet=100", cc: 0))
    let controlled = Self.sine + base + "reverb_wet=0 reverb_wet_oncc20=100"
    let moved = level(try note(controlled, cc: 127))
    #expect(abs(moved - full) < 0.01, "\(moved) dB, \(full) dB expected")
    let silent = try note(controlled, cc: 0)
    #expect(Measure.peak(silent[...]) == 0, "no return at CC 0")
  }

  /// bypass_onccN.md: "At BypassValue=1 ... the effect is off at CC<64 and on at CC>=64"; off,
  /// the signal passes untouched.
  @Test("bypass_oncc20=1: the note untouched at CC 63, type=gain's -12 dB at CC 64")
  func bypass() throws {
    let effect = "<effect> type=gain gain=-12 bypass_oncc20=1"
    let dry = try note(Self.sine, cc: 0)
    #expect(try note(Self.sine + effect, cc: 63) == dry, "bypassed at CC 63")
    let on = level(try note(Self.sine + effect, cc: 64)) - level(dry)
    #expect(abs(on - -12) < 0.01, "CC 64: \(on) dB")
  }

  /// The largest step between neighbouring samples of `out` across `frames` from `jump`, and
  /// in the steady stretch after it.
  private func steps(_ out: [Float], jump: Int) -> (across: Float, steady: Float) {
    func largest(_ range: Range<Int>) -> Float {
      range.dropFirst().map { abs(out[$0] - out[$0 - 1]) }.max() ?? 0
    }
    return (largest(jump - 1..<jump + 2_400), largest(jump + 2_400..<out.count))
  }

  /// A controller's jump ramps a level (config.h SC_EFFECT_RAMP_SECONDS) rather than stepping
  /// it: after delay_wet jumps from 0 to 100 under a held sine (its echo 0.1 s behind), no sample
  /// moves further from the one before than the steady wet=100 sum's largest step plus 2% of the
  /// note's peak (a step would add up to the whole echo, the peak).
  @Test("delay_wet 0 -> 100 by CC: the largest sample step stays within the steady one's + 2%")
  func levelRamp() throws {
    let effect =
      "<effect> type=delay delay_timec=0.1 delay_feedback=0 delay_dry=100 delay_wet=0 "
      + "delay_wet_oncc20=100"
    let rig = try SemanticsRig(Self.sine + effect)
    #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
    let jump = 12_000
    let out = rig.render(
      24_000,
      [.noteOn(key: 60, velocity: 100), .controlChange(controller: 20, value: 127, frame: jump)])
    let peak = Measure.peak(out[..<jump])
    let (across, steady) = steps(out, jump: jump)
    #expect(across <= steady + 0.02 * peak, "\(across) across the jump, \(steady) steady")
  }

  /// A controller moving delay_timec glides the tap to its new time over 0.1 s (config.h
  /// SC_EFFECT_DELAY_GLIDE_SECONDS) instead of jumping: with the echo alone (delay_wet=100,
  /// delay_dry=0) of a held sine, 0.1 s -> 0.2 s holds the read still for the glide (its steps
  /// no larger than the steady echo's) and 0.2 s -> 0.1 s reads at twice the speed (at most
  /// twice its steps), each + 2% of the peak. A jump would move by the sine's value 4800 frames
  /// apart, here nearly the whole peak.
  @Test(
    "delay_timec moved by CC: the echo glides, its steps within the speed's share of the steady ones"
  )
  func delayGlide() throws {
    let effect =
      "<effect> type=delay delay_timec=0.1 delay_feedback=0 delay_dry=0 delay_wet=100 "
      + "delay_timec_oncc20=0.1"
    for (from, to, speed) in [(UInt8(0), UInt8(127), Float(1)), (127, 0, 2)] {
      let rig = try SemanticsRig(Self.sine + effect)
      let jump = 12_000
      let out = rig.render(
        36_000,
        [
          .controlChange(controller: 20, value: from), .noteOn(key: 60, velocity: 100),
          .controlChange(controller: 20, value: to, frame: jump),
        ])
      func largest(_ range: Range<Int>) -> Float {
        range.dropFirst().map { abs(out[$0] - out[$0 - 1]) }.max() ?? 0
      }
      let peak = Measure.peak(out[24_000...])
      let across = largest(jump - 1..<jump + 5_280)
      let steady = largest(24_000..<36_000)
      #expect(
        across <= speed * steady + 0.02 * peak,
        "CC \(from) -> \(to): \(across) across the glide, \(steady) steady")
    }
  }

  /// bypass_onccN switching an effect on fades from its input to its output: type=gain gain=-12
  /// coming on under a held sine steps no further than the plain sine's largest step + 2% of its
  /// peak (a switch would drop by three quarters of the peak at once).
  @Test("bypass_oncc20=1 switched on by CC: the largest sample step stays within the sine's + 2%")
  func bypassFade() throws {
    let rig = try SemanticsRig(Self.sine + "<effect> type=gain gain=-12 bypass_oncc20=1")
    #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
    let jump = 12_000
    let out = rig.render(
      24_000,
      [.noteOn(key: 60, velocity: 100), .controlChange(controller: 20, value: 127, frame: jump)])
    let peak = Measure.peak(out[..<jump])
    let plain = steps(Array(out[..<jump]), jump: 4_800).across
    let (across, _) = steps(out, jump: jump)
    #expect(across <= plain + 0.02 * peak, "\(across) across the switch, \(plain) plain")
  }

  /// The levels a lofi effect leaves on `signal` past the attack, against 2 round(A / q) + 1 for
  /// bitred `b` (config.h SC_LOFI_*: 16 - 15 b / 100 bits, a grid of 2 / 2^bits).
  private func levels(_ signal: [Float], peak: Double, bitred: Double) -> (Int, Int) {
    let step = 2 / pow(2, 16 - 15 * bitred / 100)
    return (Set(signal[4_800...]).count, 2 * Int((peak / step).rounded()) + 1)
  }

  /// bitred_curveccN (syntax.yml, bitred's midi_cc modulations): the controller read through the
  /// instrument's `<curve>` (headers/curve.md: vNNN points, linear between): a curve at 1 from
  /// CC 64 gives bitred 0 + 60 at CC 64, where the straight line gives 60 x 64/127.
  @Test("bitred_curvecc20 through a <curve> at 1 from CC 64: a 7-bit grid at CC 64")
  func bitredCurve() throws {
    let effect =
      "<curve> curve_index=7 v000=0 v063=0 v064=1 v127=1 "
      + "<effect> type=lofi bitred=0 bitred_oncc20=60 bitred_curvecc20=7"
    let peak = Double(Measure.peak(try note(Self.sine, cc: 0)[4_800...]))
    let (found, expected) = levels(try note(Self.sine + effect, cc: 64), peak: peak, bitred: 60)
    #expect(found == expected, "\(found) levels, \(expected) expected")
  }

  /// bitred_stepccN: the controller's share moves in steps of the value (parameter units, as a
  /// region's _stepccN): 60 x 64/127 = 30.24 becomes 30, 11.5 bits.
  @Test("bitred_stepcc20=10: CC 64's 30.24 of bitred_oncc20=60 taken as 30, an 11.5-bit grid")
  func bitredStep() throws {
    let effect = "<effect> type=lofi bitred=0 bitred_oncc20=60 bitred_stepcc20=10"
    let peak = Double(Measure.peak(try note(Self.sine, cc: 0)[4_800...]))
    let (found, expected) = levels(try note(Self.sine + effect, cc: 64), peak: peak, bitred: 30)
    #expect(found == expected, "\(found) levels, \(expected) expected")
  }

  /// bitred_smoothccN in milliseconds (a region's _smoothccN, a one-pole lag of that time
  /// constant): after CC 20 jumps from 0 to 127 under bitred_smoothcc20=20, the first 10 ms are
  /// far finer than the 7-bit grid the controller asks for (many more levels), and half a second
  /// (25 time constants) later the grid is reached.
  @Test("bitred_smoothcc20=20: finer than 7 bits just after a jump, the 7-bit grid 0.5 s later")
  func bitredSmooth() throws {
    let rig = try SemanticsRig(
      Self.sine + "<effect> type=lofi bitred=0 bitred_oncc20=60 bitred_smoothcc20=20")
    #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
    let jump = 4_800
    let out = rig.render(
      48_000,
      [.noteOn(key: 60, velocity: 100), .controlChange(controller: 20, value: 127, frame: jump)])
    let peak = Double(Measure.peak(out[..<jump]))
    let step = 2.0 / 128
    let sevenBit = 2 * Int((peak / step).rounded()) + 1
    let early = Set(out[jump..<jump + 480]).count
    let late = Set(out[(jump + 24_000)...]).count
    #expect(early > 2 * sevenBit, "\(early) levels in the first 10 ms")
    #expect(late == sevenBit, "\(late) levels half a second on, \(sevenBit) expected")
  }

  /// What is rendered reads silently; a curve without its `_onccN`, an unrendered parameter's
  /// controller and a bypass value that is not positive (bypass_onccN.md: "strictly positive")
  /// warn at their lines.
  @Test("bitred_curvecc21 alone, delay_cutoff_oncc20 and bypass_oncc22=0 warn; the rest does not")
  func warnings() throws {
    let rig = try SemanticsRig(
      Self.sine + "\n<effect> type=lofi bitred_oncc20=50 decim_oncc21=10 bitred_curvecc21=1 "
        + "bitred_curvecc20=2 bitred_smoothcc20=10 bitred_stepcc20=5"
        + "\n<effect> type=delay delay_wet_oncc20=50 delay_cutoff_oncc20=500 bypass_oncc22=0")
    let messages = rig.report.diagnostics.map { "\($0.line): \($0.message)" }
    #expect(messages.contains { $0.hasPrefix("2:") && $0.contains("'bitred_curvecc21'") })
    #expect(messages.contains { $0.hasPrefix("3:") && $0.contains("'delay_cutoff_oncc20'") })
    #expect(messages.contains { $0.hasPrefix("3:") && $0.contains("bypass_oncc22=0") })
    #expect(messages.count == 3, "\(messages)")
  }
}
