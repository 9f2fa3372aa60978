import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// The filter types SFZ v2 and ARIA add (corpus/spec opcodes/fil_type.md and syntax.yml's list of
/// its values; resonance in dB as corpus/spec opcodes/resonance.md gives it), measured on a sine
/// against the textbook curve of each (AudioTestSupport's FilterCurve states the formulas).
@Suite("Filter: SFZ v2 and ARIA types")
struct FilterV2Tests {
  static let rate = 48_000.0
  static let frames = 24_000
  static let measured = 12_000..<24_000

  /// Gain in dB and phase shift in radians of a sine of `frequency` Hz through the first filter,
  /// against the same sine unfiltered. The sine is the sample itself, played at its own rate
  /// (key 60 on pitch_keycenter 60), so no interpolation touches it. With `stereo`, the right
  /// channel carries the sine inverted, and the right output must be the left one inverted.
  static func response(
    _ type: sc_filter_type, cutoff: Double, resonance: Float = 0, gain: Float = 0,
    at frequency: Double, stereo: Bool = false
  ) -> (dB: Double, phase: Double) {
    let sine = Synth.sine(frequency: frequency, sampleRate: rate, frames: frames + 100)
    let channels = stereo ? [sine, sine.map { -$0 }] : [sine]
    func render(_ filtered: Bool) -> [Float] {
      let h = CoreHarness(sampleRate: rate)
      h.load(samples: [(channels, rate, nil)]) { r in
        r.pitch_keycenter = 60
        if filtered {
          r.filters.0.type = type
          r.filters.0.cutoff = Float(cutoff)
          r.filters.0.resonance = resonance
          r.filters.0.gain = gain
        }
      }
      let out = h.render(frames: frames, events: [Event.noteOn(60)])
      if stereo {
        let apart = zip(out.left, out.right).map { abs($0 + $1) }.max() ?? 0
        #expect(apart < 1e-6, "\(type): the right channel is the left inverted, off by \(apart)")
      }
      return out.left
    }
    let plain = Measure.tone(render(false), frequency: frequency, sampleRate: rate, in: measured)
    let through = Measure.tone(render(true), frequency: frequency, sampleRate: rate, in: measured)
    var phase = through.phase - plain.phase
    phase = atan2(sin(phase), cos(phase))
    return (Measure.dB(through.amplitude / plain.amplitude), phase)
  }

  /// The frequency the bilinear transform puts at `omega` times `cutoff`.
  static func at(_ omega: Double, _ cutoff: Double) -> Double {
    FilterCurve.hertz(omega: omega, cutoff: cutoff, sampleRate: rate)
  }

  static let omegas = [0.25, 0.5, 1, 2, 4]

  /// Each case: the type, its resonance and fil_gain, and its textbook magnitude at omega.
  struct Case: CustomStringConvertible, Sendable {
    let type: sc_filter_type
    let resonance: Float
    let gain: Float
    let curve: @Sendable (Double) -> Double
    var description: String { "type \(type.rawValue) resonance \(resonance) gain \(gain)" }
  }

  static let cases: [Case] = [
    Case(type: SC_FILTER_BPF_1P, resonance: 0, gain: 0) { FilterCurve.bandPassOnePole(omega: $0) },
    // one pole has no resonance: the setting changes nothing
    Case(type: SC_FILTER_BPF_1P, resonance: 12, gain: 0) { FilterCurve.bandPassOnePole(omega: $0) },
    Case(type: SC_FILTER_BRF_1P, resonance: 0, gain: 0) { FilterCurve.notchOnePole(omega: $0) },
    Case(type: SC_FILTER_APF_1P, resonance: 0, gain: 0) { _ in 1 },
    Case(type: SC_FILTER_LPF_4P, resonance: 0, gain: 0) {
      FilterCurve.cascade(highPass: false, omega: $0, sections: 2, resonance: 0)
    },
    Case(type: SC_FILTER_HPF_4P, resonance: 6, gain: 0) {
      FilterCurve.cascade(highPass: true, omega: $0, sections: 2, resonance: 6)
    },
    Case(type: SC_FILTER_LPF_6P, resonance: 12, gain: 0) {
      FilterCurve.cascade(highPass: false, omega: $0, sections: 3, resonance: 12)
    },
    Case(type: SC_FILTER_HPF_6P, resonance: -3, gain: 0) {
      FilterCurve.cascade(highPass: true, omega: $0, sections: 3, resonance: -3)
    },
    Case(type: SC_FILTER_LSH, resonance: 0, gain: 9) {
      FilterCurve.lowShelf(omega: $0, gain: 9, q: 1)
    },
    Case(type: SC_FILTER_LSH, resonance: -3, gain: -12) {
      FilterCurve.lowShelf(omega: $0, gain: -12, q: pow(10, -3.0 / 20))
    },
    Case(type: SC_FILTER_HSH, resonance: 0, gain: -9) {
      FilterCurve.highShelf(omega: $0, gain: -9, q: 1)
    },
    Case(type: SC_FILTER_HSH, resonance: 6, gain: 6) {
      FilterCurve.highShelf(omega: $0, gain: 6, q: 2)
    },
    Case(type: SC_FILTER_PEQ, resonance: 0, gain: 12) {
      FilterCurve.peaking(omega: $0, gain: 12, q: 1)
    },
    Case(type: SC_FILTER_PEQ, resonance: 10, gain: -9) {
      FilterCurve.peaking(omega: $0, gain: -9, q: pow(10, 0.5))
    },
  ]

  @Test(
    "each type has its textbook magnitude at 1/4, 1/2, 1, 2 and 4 times the cutoff",
    arguments: cases)
  func textbook(_ c: Case) {
    let cutoff = 1_000.0
    for omega in Self.omegas {
      let expected = Measure.dB(c.curve(omega))
      let measured = Self.response(
        c.type, cutoff: cutoff, resonance: c.resonance, gain: c.gain, at: Self.at(omega, cutoff)
      ).dB
      if expected < -60 {
        #expect(measured < -50, "\(c) at \(omega) x cutoff: \(measured) dB")
      } else {
        #expect(
          abs(measured - expected) < 0.2,
          "\(c) at \(omega) x cutoff: \(measured) dB, textbook \(expected)")
      }
    }
  }

  /// 6 dB per octave per pole (syntax.yml: 24 dB/octave for 4 poles, 36 for 6), measured over the
  /// octave from 4 to 8 times the cutoff (a quarter to an eighth for high-pass), where the
  /// textbook slope of a Q = 1 section is within 0.25 dB of 12.
  @Test(
    "the stop band falls 6 dB per octave per pole",
    arguments: [
      (SC_FILTER_LPF_4P, 4, false), (SC_FILTER_HPF_4P, 4, true), (SC_FILTER_LPF_6P, 6, false),
      (SC_FILTER_HPF_6P, 6, true), (SC_FILTER_BPF_1P, 1, false), (SC_FILTER_BPF_1P, 1, true),
    ] as [(sc_filter_type, Int, Bool)])
  func slope(type: sc_filter_type, poles: Int, below: Bool) {
    let cutoff = 500.0
    let (near, far) = below ? (0.25, 0.125) : (4.0, 8.0)
    let drop =
      Self.response(type, cutoff: cutoff, at: Self.at(near, cutoff)).dB
      - Self.response(type, cutoff: cutoff, at: Self.at(far, cutoff)).dB
    let tolerance = poles == 1 ? 0.5 : 0.8
    #expect(
      abs(drop - 6 * Double(poles)) < tolerance, "\(type.rawValue): \(drop) dB over the octave")
  }

  /// The 4- and 6-pole types share the resonance between their sections, so the whole filter
  /// stands `resonance` dB at the cutoff, as a 2-pole one does (resonance.md: "the filter cutoff
  /// resonance value, in decibels").
  @Test(
    "resonance is the 4- and 6-pole types' gain at the cutoff",
    arguments: [
      (SC_FILTER_LPF_4P, Float(12)), (SC_FILTER_HPF_4P, Float(-6)), (SC_FILTER_LPF_6P, Float(24)),
      (SC_FILTER_HPF_6P, Float(0)),
    ] as [(sc_filter_type, Float)])
  func resonance(type: sc_filter_type, resonance: Float) {
    let measured = Self.response(type, cutoff: 1_000, resonance: resonance, at: 1_000).dB
    #expect(abs(measured - Double(resonance)) < 0.2, "\(type.rawValue): \(measured) dB")
  }

  @Test("apf_1p is flat within 0.1 dB and turns the phase by -2 atan(f / cutoff)")
  func allPass() {
    let cutoff = 1_000.0
    for omega in Self.omegas {
      let r = Self.response(SC_FILTER_APF_1P, cutoff: cutoff, at: Self.at(omega, cutoff))
      let expected = FilterCurve.allPassPhase(omega: omega)
      #expect(abs(r.dB) < 0.1, "\(omega) x cutoff: \(r.dB) dB")
      #expect(abs(r.phase - expected) < 0.02, "\(omega) x cutoff: \(r.phase) rad, not \(expected)")
    }
  }

  /// corpus/spec opcodes/fil_gain.md: lsh, hsh and peq set the gain of their shelf or band with
  /// fil_gain. The band's centre is the cutoff; a shelf reaches its gain far from the cutoff (at
  /// 1/32 or 32 times it, the RBJ curve is within 0.01 dB of it) and stands at half of it, in dB,
  /// at the cutoff.
  @Test(
    "lsh, hsh and peq: the shelf and the band's centre are fil_gain dB",
    arguments: [Float(-12), 6, 15])
  func shelfAndBandGain(gain: Float) {
    let cutoff = 500.0
    let g = Double(gain)
    let band = Self.response(SC_FILTER_PEQ, cutoff: cutoff, gain: gain, at: cutoff).dB
    #expect(abs(band - g) < 0.1, "peq centre: \(band) dB")
    let low = Self.response(SC_FILTER_LSH, cutoff: cutoff, gain: gain, at: Self.at(1 / 32, cutoff))
    #expect(abs(low.dB - g) < 0.1, "lsh shelf: \(low.dB) dB")
    let lowMid = Self.response(SC_FILTER_LSH, cutoff: cutoff, gain: gain, at: cutoff)
    #expect(abs(lowMid.dB - g / 2) < 0.1, "lsh at the cutoff: \(lowMid.dB) dB")
    let high = Self.response(SC_FILTER_HSH, cutoff: cutoff, gain: gain, at: Self.at(32, cutoff))
    #expect(abs(high.dB - g) < 0.1, "hsh shelf: \(high.dB) dB")
    let highMid = Self.response(SC_FILTER_HSH, cutoff: cutoff, gain: gain, at: cutoff)
    #expect(abs(highMid.dB - g / 2) < 0.1, "hsh at the cutoff: \(highMid.dB) dB")
  }

  /// A comb of one period of the cutoff (480 Hz: 100 frames), resonance the gain at the cutoff
  /// and its harmonics as for the other types: feedback for a boost, feed-forward for a cut.
  @Test(
    "comb: resonance is the gain at the cutoff's harmonics, and the curve between them is the comb's",
    arguments: [Float(12), 24, -12])
  func comb(resonance: Float) {
    let cutoff = 480.0
    for hertz in [120.0, 240, 480, 720, 960, 1_920] {
      let expected = Measure.dB(
        FilterCurve.comb(hertz: hertz, cutoff: cutoff, resonance: Double(resonance)))
      let measured = Self.response(
        SC_FILTER_COMB, cutoff: cutoff, resonance: resonance, at: hertz
      ).dB
      #expect(abs(measured - expected) < 0.2, "\(hertz) Hz: \(measured) dB, comb \(expected)")
    }
  }

  /// A delay of 100.5 frames falls between two of the line's: the peak still sits on the cutoff
  /// (a whole 100 frames would put it at 480 Hz, 0.9 dB lower at 477.6 Hz with this resonance).
  @Test("comb: a delay between whole frames keeps the peak on the cutoff")
  func combFractional() {
    let cutoff = Self.rate / 100.5
    let peak = Self.response(SC_FILTER_COMB, cutoff: cutoff, resonance: 24, at: cutoff).dB
    #expect(abs(peak - 24) < 0.2, "\(peak) dB at the cutoff")
    let trough = Self.response(SC_FILTER_COMB, cutoff: cutoff, resonance: 24, at: cutoff / 2).dB
    let expected = Measure.dB(FilterCurve.comb(hertz: 0.5, cutoff: 1, resonance: 24))
    #expect(abs(trough - expected) < 0.2, "\(trough) dB at half the cutoff, comb \(expected)")
  }

  /// config.h's SC_FILTER_COMB_FRAMES (512) bounds the delay: a cutoff below 48000 / 511 Hz
  /// plays at the longest delay, whose harmonics carry the peaks.
  @Test("a comb below the line's reach plays at its longest delay")
  func combLongest() {
    let longest = Self.rate / 511
    let peak = Self.response(SC_FILTER_COMB, cutoff: 50, resonance: 12, at: 3 * longest).dB
    #expect(abs(peak - 12) < 0.2, "\(peak) dB at the third harmonic of the longest delay")
  }

  /// A pinking filter: -10 log10(2) = -3.01 dB per octave from 100 Hz to 10 kHz (its ripple is
  /// within 0.15 dB there), 0 dB at 1 kHz, and no corner for the cutoff to move.
  @Test("pink falls 3.01 dB per octave from 100 Hz to 10 kHz, through 0 dB at 1 kHz")
  func pink() {
    let hertz = [100.0, 177, 250, 420, 707, 1_000, 1_414, 2_000, 3_300, 5_000, 7_070, 10_000]
    var sum = (x: 0.0, y: 0.0, xx: 0.0, xy: 0.0)
    for f in hertz {
      let expected = -10 * log10(2) * log2(f / 1_000)
      for cutoff in [100.0, 5_000] {
        let measured = Self.response(SC_FILTER_PINK, cutoff: cutoff, resonance: 20, at: f).dB
        #expect(abs(measured - expected) < 0.2, "\(f) Hz: \(measured) dB, pink \(expected)")
        let x = log2(f / 1_000)
        sum = (sum.x + x, sum.y + measured, sum.xx + x * x, sum.xy + x * measured)
      }
    }
    let n = Double(2 * hertz.count)
    let fitted = (n * sum.xy - sum.x * sum.y) / (n * sum.xx - sum.x * sum.x)
    #expect(abs(fitted + 3.0103) < 0.05, "fitted slope \(fitted) dB per octave")
  }

  @Test(
    "a stereo voice takes each type on both channels alike",
    arguments: [
      SC_FILTER_BPF_1P, SC_FILTER_BRF_1P, SC_FILTER_APF_1P, SC_FILTER_LPF_4P, SC_FILTER_HPF_6P,
      SC_FILTER_COMB, SC_FILTER_PINK, SC_FILTER_LSH, SC_FILTER_HSH, SC_FILTER_PEQ,
    ])
  func stereo(type: sc_filter_type) {
    let mono = Self.response(type, cutoff: 700, resonance: 6, gain: 6, at: 1_000)
    let both = Self.response(type, cutoff: 700, resonance: 6, gain: 6, at: 1_000, stereo: true)
    #expect(abs(mono.dB - both.dB) < 0.01, "\(type.rawValue): \(mono.dB) and \(both.dB) dB")
  }
}
