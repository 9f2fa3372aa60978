import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

@Suite("Amplitude envelope")
struct EnvelopeTests {
  static let rate = 48_000.0
  static let dc = [Float](repeating: 0.5, count: 4_800)

  /// A looped constant sample, so the output is the envelope times 0.5.
  private func harness(_ configure: @escaping (inout sc_region) -> Void) -> CoreHarness {
    let h = CoreHarness(sampleRate: Self.rate)
    h.load(samples: [([Self.dc], Self.rate, nil)]) { (r: inout sc_region) in
      r.loop_mode = SC_LOOP_CONTINUOUS
      configure(&r)
    }
    return h
  }

  private func ms(_ frames: Int) -> Double { Double(frames) * 1_000 / Self.rate }

  @Test(
    "delay, attack, hold, decay and release end within 1 ms of their times; sustain within 0.1 dB")
  func stageTimings() {
    let h = harness { r in
      r.ampeg.delay = 0.05
      r.ampeg.attack = 0.1
      r.ampeg.hold = 0.05
      r.ampeg.decay = 0.2
      r.ampeg.sustain = 0.5
      r.ampeg.release = 0.3
    }
    let offAt = 30_000
    let out = h.render(frames: 48_000, events: [Event.noteOn(60), Event.noteOff(60, at: offAt)])
      .left
    let peak = Measure.peak(out[...])
    let start = Measure.onset(out, threshold: 1e-6)!
    let attackEnd = out.firstIndex { $0 >= peak * 0.9999 }!
    let holdEnd = out.lastIndex { $0 >= peak * 0.9999 }!
    let sustain = out[offAt - 1]
    let decayEnd = out[holdEnd...].firstIndex { abs($0 - sustain) < 1e-5 }!
    let releaseEnd = out[offAt...].firstIndex { $0 == 0 }!
    #expect(abs(ms(start) - 50) < 1, "delay ends at \(ms(start)) ms")
    #expect(abs(ms(attackEnd) - 150) < 1, "attack ends at \(ms(attackEnd)) ms")
    #expect(abs(ms(holdEnd) - 200) < 1, "hold ends at \(ms(holdEnd)) ms")
    #expect(abs(ms(decayEnd) - 400) < 1, "decay ends at \(ms(decayEnd)) ms")
    #expect(abs(ms(releaseEnd - offAt) - 300) < 1, "release lasts \(ms(releaseEnd - offAt)) ms")
    let sustainDB = Measure.dB(Double(sustain / peak))
    #expect(abs(sustainDB - Measure.dB(0.5)) < 0.1, "sustain at \(sustainDB) dB")
  }

  @Test("a release during the attack starts from the level reached: no jump")
  func releaseFromAttack() {
    let h = harness { r in
      r.ampeg.attack = 0.2
      r.ampeg.release = 0.1
    }
    let offAt = 4_800
    let out = h.render(frames: 12_000, events: [Event.noteOn(60), Event.noteOff(60, at: offAt)])
      .left
    let attackSlope = 0.5 / Float(0.2 * Self.rate)
    let (step, at) = Measure.maxStep(out[(offAt - 100)..<(offAt + 100)])
    #expect(step < attackSlope * 5, "step \(step) at \(at)")
    #expect(out[offAt] > 0.1, "released from about 0.25, not from zero")
    #expect(out[offAt] < out[offAt - 1] + attackSlope * 2, "and not from the top")
  }

  @Test("velocity scales the level by (velocity/127)^2 with full tracking")
  func velocityTracking() {
    let loud = harness { _ in }.render(frames: 2_000, events: [Event.noteOn(60, 127)]).left
    let soft = harness { _ in }.render(frames: 2_000, events: [Event.noteOn(60, 64)]).left
    let difference = Measure.dB(Double(soft[1_000] / loud[1_000]))
    #expect(abs(difference - Measure.dB(pow(64.0 / 127, 2))) < 0.1)
  }
}
