import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// The engine filter stage (sampler_core.h, SC_PARAM_FILTER_ENABLE...RELEASE): a resonant
/// two-pole low-pass after the region's own filters, off by default, whose cutoff is
/// multiple x tracked frequency with multiple = cutoff + strength x envelope x velocity factor
/// (1 - s + s x velocity / 127); the tracked frequency is middle C's moved by the key tracking
/// fraction of the key's distance from it; the resonance is its peak in dB over the pass band
/// (0 dB: Butterworth, -3.01 dB at the cutoff).
@Suite("Engine filter stage")
struct EngineFilterTests {
  static let rate = 48_000.0
  static let toneHz = 1_500.0
  /// 1500 Hz, 32 frames a period: 400 whole periods loop seamlessly.
  static let tone = Synth.sine(frequency: toneHz, sampleRate: rate, frames: 12_800)
  static let middleC = 440 * pow(2, -9.0 / 12)

  /// The 1500 Hz tone on `key`, recorded there, after `parameters` at frame 0.
  static func render(
    key: UInt8 = 60, velocity: UInt8 = 127, frames: Int = 48_000,
    _ parameters: [(sc_param, Double)]
  ) -> [Float] {
    let h = CoreHarness(sampleRate: rate)
    h.load(samples: [([tone], rate, nil)]) { r in
      r.loop_mode = SC_LOOP_CONTINUOUS
      r.pitch_keycenter = Float(key)
    }
    let events = parameters.map { Event.parameter($0.0, Float($0.1)) }
    return h.render(frames: frames, events: events + [Event.noteOn(key, velocity)]).left
  }

  /// The tone's level in `range` in dB against the unfiltered tone's on the same note.
  static func gainDB(
    _ out: [Float], in range: Range<Int>, key: UInt8 = 60, velocity: UInt8 = 127
  ) -> Double {
    let filtered = Measure.toneAmplitude(out, frequency: toneHz, sampleRate: rate, in: range)
    let plain = Measure.toneAmplitude(
      render(key: key, velocity: velocity, frames: range.upperBound, []), frequency: toneHz,
      sampleRate: rate, in: range)
    return Measure.dB(filtered / plain)
  }

  /// A two-pole low-pass's gain in dB at the tone for `cutoff` Hz and Q, through the bilinear
  /// transform prewarped at the cutoff, as a trapezoidal filter is.
  static func lowPassDB(cutoff: Double, q: Double) -> Double {
    let w = tan(Double.pi * toneHz / rate) / tan(Double.pi * cutoff / rate)
    return -10 * log10(pow(1 - w * w, 2) + pow(w / q, 2))
  }

  static let steady = 9_600..<48_000

  @Test("at resonance 0 the tone at the cutoff is 3.01 dB down (Butterworth)")
  func butterworthAtCutoff() {
    let out = Self.render([
      (SC_PARAM_FILTER_ENABLE, 1), (SC_PARAM_FILTER_CUTOFF, Self.toneHz / Self.middleC),
    ])
    let gain = Self.gainDB(out, in: Self.steady)
    #expect(abs(gain + 3.0103) < 0.2, "\(gain) dB")
  }

  @Test("resonance R puts the tone at the cutoff R dB up", arguments: [6.0, 12.0, 24.0])
  func resonanceAtCutoff(resonance: Double) {
    let out = Self.render([
      (SC_PARAM_FILTER_ENABLE, 1), (SC_PARAM_FILTER_CUTOFF, Self.toneHz / Self.middleC),
      (SC_PARAM_FILTER_RESONANCE, resonance),
    ])
    let gain = Self.gainDB(out, in: Self.steady)
    #expect(abs(gain - resonance) < 0.5, "\(gain) dB for \(resonance)")
  }

  @Test(
    "key tracking moves the cutoff by its fraction of the key's distance from middle C",
    arguments: [0.0, 0.5, 1.0])
  func keyTracking(tracking: Double) {
    // key 72 tracks middle C's frequency times 2^tracking; the multiple puts the cutoff on the
    // tone only if it does
    let multiple = Self.toneHz / (Self.middleC * pow(2, tracking))
    let out = Self.render(
      key: 72,
      [
        (SC_PARAM_FILTER_ENABLE, 1), (SC_PARAM_FILTER_CUTOFF, multiple),
        (SC_PARAM_FILTER_KEY_TRACKING, tracking),
      ])
    let gain = Self.gainDB(out, in: Self.steady, key: 72)
    #expect(abs(gain + 3.0103) < 0.2, "\(gain) dB at tracking \(tracking)")
  }

  @Test("the filter envelope opens the cutoff: cutoff + strength x level multiples, at times")
  func envelopeOpens() {
    // a 2 s attack takes the multiple from 1 to 11, then it holds at sustain 1
    let out = Self.render(
      frames: 192_000,
      [
        (SC_PARAM_FILTER_ENABLE, 1), (SC_PARAM_FILTER_CUTOFF, 1),
        (SC_PARAM_FILTER_STRENGTH, 10), (SC_PARAM_FILTER_ATTACK, 2),
      ])
    for seconds in [0.2, 0.6, 1.2, 3.5] {
      let level = min(seconds / 2, 1)
      let expected = Self.lowPassDB(
        cutoff: (1 + 10 * level) * Self.middleC, q: 1 / 2.0.squareRoot())
      let centre = Int(seconds * Self.rate)
      let gain = Self.gainDB(out, in: (centre - 240)..<(centre + 240))
      #expect(abs(gain - expected) < 0.3, "\(gain) dB at \(seconds) s, expected \(expected)")
    }
    // the cutoff crosses the tone when the multiple is 1500 Hz / middle C
    let crossing = (Self.toneHz / Self.middleC - 1) / 10 * 2
    let centre = Int(crossing * Self.rate)
    let gain = Self.gainDB(out, in: (centre - 240)..<(centre + 240))
    #expect(abs(gain + 3.0103) < 0.2, "\(gain) dB at \(crossing) s")
  }

  @Test(
    "the envelope decays to its sustain, and velocity scales its amount as 1 - s + s v/127",
    arguments: [(127, 0.0), (64, 1.0), (32, 0.5)])
  func sustainAndVelocity(velocity: Int, sensitivity: Double) {
    let out = Self.render(
      velocity: UInt8(velocity),
      [
        (SC_PARAM_FILTER_ENABLE, 1), (SC_PARAM_FILTER_CUTOFF, 1), (SC_PARAM_FILTER_STRENGTH, 10),
        (SC_PARAM_FILTER_DECAY, 0.1), (SC_PARAM_FILTER_SUSTAIN, 0.5),
        (SC_PARAM_FILTER_ENVELOPE_VELOCITY, sensitivity),
      ])
    let factor = 1 - sensitivity + sensitivity * Double(velocity) / 127
    let expected = Self.lowPassDB(
      cutoff: (1 + 10 * 0.5 * factor) * Self.middleC, q: 1 / 2.0.squareRoot())
    let gain = Self.gainDB(out, in: Self.steady, velocity: UInt8(velocity))
    #expect(abs(gain - expected) < 0.2, "\(gain) dB, expected \(expected)")
  }

  @Test("off, the stage leaves the output bit-identical whatever its other settings")
  func offIsNeutral() {
    let plain = Self.render([])
    let off = Self.render([
      (SC_PARAM_FILTER_CUTOFF, 0.5), (SC_PARAM_FILTER_RESONANCE, 20),
      (SC_PARAM_FILTER_STRENGTH, 30), (SC_PARAM_FILTER_ATTACK, 0.5),
    ])
    #expect(firstDifference(off, plain) == nil)
  }

  @Test("a voice whose stage is turned on mid-note finds its envelope where it would be")
  func envelopeRunsWhileOff() {
    // the 2 s attack of the envelopeOpens test, with the stage turned on only at 1 s
    let h = CoreHarness(sampleRate: Self.rate)
    h.load(samples: [([Self.tone], Self.rate, nil)]) { r in r.loop_mode = SC_LOOP_CONTINUOUS }
    let out = h.render(
      frames: 96_000,
      events: [
        Event.parameter(SC_PARAM_FILTER_CUTOFF, 1), Event.parameter(SC_PARAM_FILTER_STRENGTH, 10),
        Event.parameter(SC_PARAM_FILTER_ATTACK, 2), Event.noteOn(60),
        Event.parameter(SC_PARAM_FILTER_ENABLE, 1, at: 48_000),
      ]
    ).left
    let centre = Int(1.5 * Self.rate)
    let expected = Self.lowPassDB(cutoff: (1 + 10 * 0.75) * Self.middleC, q: 1 / 2.0.squareRoot())
    let gain = Self.gainDB(out, in: (centre - 240)..<(centre + 240))
    #expect(abs(gain - expected) < 0.3, "\(gain) dB at 1.5 s, expected \(expected)")
  }
}
