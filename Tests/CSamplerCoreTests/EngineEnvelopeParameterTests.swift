import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// The engine's envelope parameters (sampler_core.h, sc_param): amplitude envelope times (9, 10,
/// 11, 13) add to each region's ampeg times and the sustain (12) scales its ampeg_sustain, for
/// notes started after the change.
@Suite("Engine envelope parameters")
struct EngineEnvelopeParameterTests {
  static let rate = 48_000.0
  static let dc = [Float](repeating: 0.5, count: 4_800)

  /// A looped constant 0.5 on key 60, at unity gain: the output is 0.5 times the envelope.
  static func harness(_ configure: @escaping (inout sc_region) -> Void = { _ in }) -> CoreHarness {
    let h = CoreHarness(sampleRate: rate)
    h.load(samples: [([dc], rate, nil)]) { r in
      r.loop_mode = SC_LOOP_CONTINUOUS
      configure(&r)
    }
    return h
  }

  /// The envelope's level in dB at `seconds`.
  static func dB(_ out: [Float], at seconds: Double) -> Double {
    Measure.dB(Double(out[Int(seconds * rate)]) / 0.5)
  }

  @Test("the attack parameter adds to the region's attack: half level at half the sum")
  func attackAdds() {
    let h = Self.harness { r in r.ampeg.attack = 0.05 }
    let out = h.render(
      frames: 12_000, events: [Event.parameter(SC_PARAM_AMP_ATTACK, 0.1), Event.noteOn(60)]
    ).left
    // linear attack over 0.15 s
    #expect(abs(Self.dB(out, at: 0.0375) - Measure.dB(0.25)) < 0.05)
    #expect(abs(Self.dB(out, at: 0.075) - Measure.dB(0.5)) < 0.05)
    #expect(abs(Self.dB(out, at: 0.2)) < 0.01, "full level after 0.15 s")
  }

  @Test("the hold and decay parameters add to the region's: the fall starts and ends later")
  func holdAndDecayAdd() {
    let h = Self.harness { r in
      r.ampeg.decay = 0.1
      r.ampeg.sustain = 0.01
    }
    let out = h.render(
      frames: 24_000,
      events: [
        Event.parameter(SC_PARAM_AMP_HOLD, 0.1), Event.parameter(SC_PARAM_AMP_DECAY, 0.2),
        Event.noteOn(60),
      ]
    ).left
    #expect(abs(Self.dB(out, at: 0.099)) < 0.01, "held at full level for 0.1 s")
    // the decay falls 8 nepers per 0.3 s (SC_ENVELOPE_DECAY_RATE over the stated time)
    let expected = Measure.dB(exp(-8 * 0.1 / 0.3))
    #expect(abs(Self.dB(out, at: 0.2) - expected) < 0.1, "\(Self.dB(out, at: 0.2)) dB")
  }

  @Test(
    "the sustain parameter scales the region's sustain level",
    arguments: [(1.0, 1.0), (0.5, 1.0), (0.5, 0.5), (1.0, 0.25)])
  func sustainScales(region: Double, parameter: Double) {
    let h = Self.harness { r in
      r.ampeg.decay = 0.05
      r.ampeg.sustain = Float(region)
    }
    let out = h.render(
      frames: 24_000,
      events: [Event.parameter(SC_PARAM_AMP_SUSTAIN, Float(parameter)), Event.noteOn(60)]
    ).left
    let measured = Measure.dB(Double(Measure.peak(out[19_200..<24_000])) / 0.5)
    #expect(abs(measured - Measure.dB(region * parameter)) < 0.01, "\(measured) dB")
  }

  @Test("the release parameter adds to the region's release")
  func releaseAdds() {
    let h = Self.harness()
    let out = h.render(
      frames: 24_000,
      events: [
        Event.parameter(SC_PARAM_AMP_RELEASE, 0.5), Event.noteOn(60), Event.noteOff(60, at: 4_800),
      ]
    ).left
    // the region's 0.001 s plus 0.5 s: 8 nepers per 0.501 s
    let expected = Measure.dB(exp(-8 * 0.1 / 0.501))
    #expect(abs(Self.dB(out, at: 0.2) - expected) < 0.1, "\(Self.dB(out, at: 0.2)) dB")
  }

  @Test("a note keeps the envelope it started with when the parameters change under it")
  func laterNotesOnly() {
    let h = Self.harness()
    let out = h.render(
      frames: 12_000,
      events: [
        Event.parameter(SC_PARAM_AMP_ATTACK, 0.1), Event.noteOn(60),
        Event.parameter(SC_PARAM_AMP_ATTACK, 0, at: 2_400),
      ]
    ).left
    #expect(abs(Self.dB(out, at: 0.075) - Measure.dB(0.75)) < 0.05)
  }
}
