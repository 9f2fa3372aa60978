import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

@Suite("Amplitude envelope")
struct EnvelopeTests {
  static let rate = 48_000.0
  static let dc = [Float](repeating: 0.5, count: 4_800)

  /// A looped constant sample, so the output is the envelope times 0.5 (times `level`).
  private func harness(
    level: Float = 0.5, _ configure: @escaping (inout sc_region) -> Void
  ) -> CoreHarness {
    let h = CoreHarness(sampleRate: Self.rate)
    let values = [Float](repeating: level, count: Self.dc.count)
    h.load(samples: [([values], Self.rate, nil)]) { (r: inout sc_region) in
      r.loop_mode = SC_LOOP_CONTINUOUS
      configure(&r)
    }
    return h
  }

  private func ms(_ frames: Int) -> Double { Double(frames) * 1_000 / Self.rate }

  @Test("delay, attack and hold end within 1 ms of their times; sustain within 0.1 dB")
  func linearStageTimings() {
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
    #expect(abs(ms(start) - 50) < 1, "delay ends at \(ms(start)) ms")
    #expect(abs(ms(attackEnd) - 150) < 1, "attack ends at \(ms(attackEnd)) ms")
    #expect(abs(ms(holdEnd) - 200) < 1, "hold ends at \(ms(holdEnd)) ms")
    let sustainDB = Measure.dB(Double(sustain / peak))
    #expect(abs(sustainDB - Measure.dB(0.5)) < 0.1, "sustain at \(sustainDB) dB")
  }

  /// corpus/spec opcodes/ampeg_attack.md: ARIA's decay and release multiply the level by
  /// exp(-8 / (t x rate)) every sample. So the level in dB falls linearly, by
  /// 20 log10(e) x 8 = 69.5 dB over the stated time t, and the stated time is no end time.
  @Test(
    "a release falls 69.5 dB per stated time: within 0.5 dB at 25, 50 and 100% of it",
    arguments: [0.1, 0.5, 1.0])
  func releaseShape(seconds: Double) {
    let h = harness { r in r.ampeg.release = Float(seconds) }
    let offAt = 4_800
    let frames = offAt + Int(seconds * Self.rate) + 480
    let out = h.render(frames: frames, events: [Event.noteOn(60), Event.noteOff(60, at: offAt)])
      .left
    let held = Double(out[offAt - 1])
    for fraction in [0.25, 0.5, 1.0] {
      let at = offAt + Int(fraction * seconds * Self.rate)
      let db = Measure.dB(Double(out[at]) / held)
      let expected = -20 * log10(M_E) * 8 * fraction
      #expect(abs(db - expected) < 0.5, "\(fraction) of \(seconds) s: \(db) dB, ARIA \(expected)")
    }
  }

  /// The same page: a decay multiplies the level by the same factor until it reaches the
  /// sustain level, so a 1 s decay to 50% (-6 dB) gets there after ln 2 / 8 = 87 ms and then
  /// holds.
  @Test("a 1 s decay to 50% reaches the sustain level after 87 ms, within 2 ms")
  func decayReachesSustainEarly() {
    let h = harness { r in
      r.ampeg.decay = 1
      r.ampeg.sustain = 0.5
    }
    let out = h.render(frames: 24_000, events: [Event.noteOn(60)]).left
    let peak = Double(out[0])
    let db = { (i: Int) in Measure.dB(Double(out[i]) / peak) }
    // halfway there the level has fallen 8 x 0.0433 s x 8.69 dB = 3.0 dB
    #expect(abs(db(2_079) + 3.01) < 0.2, "at 43 ms: \(db(2_079)) dB")
    let reached = out.firstIndex { Double($0) <= peak * 0.5 + 1e-6 }!
    #expect(abs(ms(reached) - 1_000 * log(2) / 8) < 2, "sustain reached at \(ms(reached)) ms")
    #expect(abs(db(20_000) - Measure.dB(0.5)) < 0.05, "then it holds: \(db(20_000)) dB")
  }

  @Test("a released voice ends once it is 100 dB down: 1.44 times the release time")
  func releaseEnds() {
    // full scale, so that the envelope's own -100 dB ends the voice before the bound on its
    // output does (voice/audibility.h: that bound is the envelope times at least 1.77 here)
    let h = harness(level: 1) { r in r.ampeg.release = 0.2 }
    let offAt = 4_800
    let out = h.render(frames: 24_000, events: [Event.noteOn(60), Event.noteOff(60, at: offAt)])
      .left
    let end = out[offAt...].firstIndex { $0 == 0 }!
    let expected = 0.2 * log(1e5) / 8 * 1_000
    #expect(abs(ms(end - offAt) - expected) < 1, "ended after \(ms(end - offAt)) ms")
    #expect(h.stats.active_voices == 0)
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
    // no step larger than the release's own first one: 0.25 x 8 / (0.1 s x rate)
    let releaseStep = 0.25 * 8 / Float(0.1 * Self.rate)
    let (step, at) = Measure.maxStep(out[(offAt - 100)..<(offAt + 100)])
    #expect(step < releaseStep * 1.1, "step \(step) at \(at)")
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
