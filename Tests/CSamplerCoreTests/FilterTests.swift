import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

@Suite("Filter")
struct FilterTests {
  static let rate = 48_000.0
  /// 375 Hz, a whole number of periods, looped: a steady tone to filter.
  static let tone = Synth.sine(frequency: 375, sampleRate: rate, frames: 12_800)

  /// Level in dB of the tone played at `frequency` through the filter, relative to no filter.
  private func gain(
    _ type: sc_filter_type, cutoff: Float, resonance: Float = 0, at frequency: Double
  ) -> Double {
    func level(_ filtered: Bool) -> Double {
      let h = CoreHarness(sampleRate: Self.rate)
      h.load(samples: [([Self.tone], Self.rate, 0...12_799)]) { r in
        r.loop_mode = SC_LOOP_CONTINUOUS
        r.pitch_keycenter = 60
        r.tune = Float(1200 * log2(frequency / 375))
        if filtered {
          r.filters.0.type = type
          r.filters.0.cutoff = cutoff
          r.filters.0.resonance = resonance
        }
      }
      let out = h.render(frames: 24_000, events: [Event.noteOn(60)]).left
      return Measure.rmsDB(out[12_000...])
    }
    return level(true) - level(false)
  }

  /// Expected values are the analog prototypes with Q = 1 (resonance 0 dB is 0 dB of gain at the
  /// cutoff: corpus/spec syntax.yml gives resonance in decibels, and ARIA's 2-pole filters are
  /// flat to the cutoff at 0), at the frequency the bilinear transform maps to
  /// (tan(pi f / fs) / tan(pi fc / fs) times the cutoff).
  @Test(
    "each type has its textbook response within 0.5 dB",
    arguments: [
      (SC_FILTER_LPF_2P, 1_000.0, 250.0, 0.26), (SC_FILTER_LPF_2P, 1_000, 1_000, 0),
      (SC_FILTER_LPF_2P, 1_000, 4_000, -24.21), (SC_FILTER_HPF_2P, 1_000, 4_000, 0.25),
      (SC_FILTER_HPF_2P, 1_000, 250, -23.84), (SC_FILTER_BPF_2P, 1_000, 1_000, 0),
      (SC_FILTER_BPF_2P, 1_000, 4_000, -11.98), (SC_FILTER_BRF_2P, 1_000, 1_000, -40),
      (SC_FILTER_LPF_1P, 1_000, 1_000, -3.01), (SC_FILTER_LPF_1P, 1_000, 10_000, -21.40),
      (SC_FILTER_HPF_1P, 1_000, 100, -20.06),
    ])
  func response(type: sc_filter_type, cutoff: Double, frequency: Double, expected: Double) {
    let measured = gain(type, cutoff: Float(cutoff), at: frequency)
    if expected <= -40 {
      #expect(measured < -30, "\(type) at \(frequency) Hz: \(measured) dB")
    } else {
      #expect(abs(measured - expected) < 0.5, "\(type) at \(frequency) Hz: \(measured) dB")
    }
  }

  /// corpus/spec syntax.yml: resonance is "the filter cutoff resonance value, in decibels": the
  /// gain at the cutoff, so -3 dB is Butterworth and 12 dB puts the cutoff 12 dB up.
  @Test(
    "resonance is the 2-pole filters' gain at the cutoff, in dB",
    arguments: [
      (SC_FILTER_LPF_2P, Float(-3.01)), (SC_FILTER_LPF_2P, Float(6)),
      (SC_FILTER_LPF_2P, Float(12)), (SC_FILTER_LPF_2P, Float(24)),
      (SC_FILTER_HPF_2P, Float(-3.01)), (SC_FILTER_HPF_2P, Float(12)),
    ] as [(sc_filter_type, Float)])
  func resonanceAtCutoff(type: sc_filter_type, resonance: Float) {
    let measured = gain(type, cutoff: 1_000, resonance: resonance, at: 1_000)
    #expect(
      abs(measured - Double(resonance)) < 0.3,
      "\(measured) dB at the cutoff, resonance \(resonance)")
  }

  @Test("stable at every cutoff up to Nyquist, with full resonance, under fast modulation")
  func stability() {
    let noise = (0..<48_000).map { i -> Float in
      var x = UInt32(truncatingIfNeeded: i &* 2_654_435_761)
      x ^= x >> 13
      return Float(x % 2_000) / 1_000 - 1
    }
    for type in [SC_FILTER_LPF_2P, SC_FILTER_HPF_2P, SC_FILTER_BPF_2P, SC_FILTER_BRF_2P] {
      for cutoff: Float in [20, 1_000, 12_000, 23_000, 23_990, 30_000] {
        let h = CoreHarness(sampleRate: Self.rate)
        h.load(samples: [([noise], Self.rate, nil)]) { r in
          r.filters.0.type = type
          r.filters.0.cutoff = cutoff
          r.filters.0.resonance = 40
          r.fillfo = sc_lfo_params(delay: 0, fade: 0, freq: 20, depth: 4_800)
        }
        let out = h.render(frames: 24_000, events: [Event.noteOn(60)]).left
        #expect(out.allSatisfy { $0.isFinite }, "\(type) at \(cutoff) Hz")
        #expect(Measure.peak(out[...]) < 200, "\(type) at \(cutoff) Hz stays bounded")
      }
    }
  }
}
