import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// The rule that ends a voice nothing of which could still be heard (voice/audibility.h): once
/// the loudest its remaining output could be is below -100 dBFS, the level at which the engine's
/// envelopes already count as silent and 10 dB below what ARIA's envelopes call silence
/// (corpus/spec tutorials/envelope_generators.md, note 3: "interpreted as -90dBFS for Aria").
/// The bound is the voice's gain times the most its pan (sqrt 2), the Hermite kernel (1.25) and
/// its filters can raise the sample's largest remaining value: for an unfiltered centred voice
/// of a constant sample at velocity 127, the sample's level plus 4.95 dB.
@Suite("Inaudible voices")
struct InaudibleVoiceTests {
  static let rate = 48_000.0
  /// 20 log10(sqrt 2 x 1.25): what pan and interpolation could add to a sample's peak.
  static let headroomDB = 20 * log10(2.0.squareRoot() * 1.25)

  /// A looped constant sample at `levelDB` dBFS.
  private func harness(
    levelDB: Double, keep: Bool = false, _ configure: @escaping (inout sc_region) -> Void = { _ in }
  ) -> CoreHarness {
    let h = CoreHarness(sampleRate: Self.rate, keepInaudibleVoices: keep)
    let level = Float(pow(10, levelDB / 20))
    h.load(samples: [([[Float](repeating: level, count: 4_800)], Self.rate, nil)]) {
      (r: inout sc_region) in
      r.loop_mode = SC_LOOP_CONTINUOUS
      configure(&r)
    }
    return h
  }

  /// A live render of a note struck at frame 10 with `down` in force from the start, until `up`.
  private func comingBack(levelDB: Double, down: sc_event, up: sc_event) -> [Float] {
    harness(levelDB: levelDB).render(
      frames: 14_400, events: [down, Event.noteOn(60, at: 10), up]
    ).left
  }

  @Test("a held voice that could reach -102 dBFS ends; one that could reach -98 dBFS plays on")
  func boundAtMinus100() {
    let quiet = harness(levelDB: -102 - Self.headroomDB)
    let out = quiet.render(frames: 9_600, events: [Event.noteOn(60)]).left
    #expect(quiet.stats.active_voices == 0)
    #expect(Measure.peak(out[4_800...]) == 0)

    let audible = harness(levelDB: -98 - Self.headroomDB)
    let kept = audible.render(frames: 9_600, events: [Event.noteOn(60)]).left
    #expect(audible.stats.active_voices == 1)
    // centred, the voice plays the sample at its own level, 4.95 dB under the bound
    let level = Measure.rmsDB(kept[4_800...])
    #expect(abs(level - (-98 - Self.headroomDB)) < 0.1, "\(level) dBFS")

    let keeping = harness(levelDB: -102 - Self.headroomDB, keep: true)
    _ = keeping.render(frames: 9_600, events: [Event.noteOn(60)])
    #expect(keeping.stats.active_voices == 1, "keep_inaudible_voices keeps it")
  }

  @Test("the channel's volume counts at its loudest: a note struck at CC7 0 is heard at CC7 127")
  func volumeMayComeBack() {
    let levelDB = -95 - Self.headroomDB
    let out = comingBack(levelDB: levelDB, down: Event.cc(7, 0), up: Event.cc(7, 127, at: 4_800))
    #expect(Measure.peak(out[1_000..<4_800]) == 0, "silent at volume 0")
    let level = Measure.rmsDB(out[9_600...])
    #expect(abs(level - levelDB) < 0.1, "\(level) dBFS once the volume is up")
  }

  @Test("live, muting the master gain ends nothing; offline, the render's master gain counts")
  func masterGain() {
    let levelDB = -70 - Self.headroomDB
    let out = comingBack(
      levelDB: levelDB, down: Event.parameter(SC_PARAM_MASTER_GAIN, 0),
      up: Event.parameter(SC_PARAM_MASTER_GAIN, 1, at: 4_800))
    #expect(abs(Measure.rmsDB(out[9_600...]) - levelDB) < 0.1)

    // -40 dB of master gain puts the bound at -110 dBFS
    let offline = harness(levelDB: levelDB)
    sc_engine_set_offline(offline.engine, true)
    _ = offline.render(
      frames: 9_600,
      events: [Event.parameter(SC_PARAM_MASTER_GAIN, 0.01), Event.noteOn(60, at: 10)])
    #expect(offline.stats.active_voices == 0)
  }

  /// corpus/spec opcodes/resonance.md via sampler_core.h: resonance is the two-pole filter's gain
  /// at its cutoff in dB. A 1 kHz tone through a low-pass at 1 kHz with 12 dB of resonance comes
  /// out 12 dB up, so the bound counts the filter's peak and the voice is kept.
  @Test("a resonant filter's peak counts: a tone 4 dB under the bound alone is kept and heard")
  func resonanceCounts() {
    let h = CoreHarness(sampleRate: Self.rate)
    let levelDB = -104 - Self.headroomDB
    let amplitude = Float(pow(10, levelDB / 20))
    let tone = (0..<4_800).map {
      amplitude * Float(sin(2 * Double.pi * 1_000 * Double($0) / Self.rate))
    }
    h.load(samples: [([tone], Self.rate, nil)]) { (r: inout sc_region) in
      r.loop_mode = SC_LOOP_CONTINUOUS
      r.filters.0.type = SC_FILTER_LPF_2P
      r.filters.0.cutoff = 1_000
      r.filters.0.resonance = 12
    }
    let out = h.render(frames: 19_200, events: [Event.noteOn(60)]).left
    #expect(h.stats.active_voices == 1)
    // a sine's RMS is its amplitude less 3.01 dB
    let level = Measure.rmsDB(out[9_600...]) + 3.01
    #expect(abs(level - (levelDB + 12)) < 0.5, "\(level) dB, the tone \(levelDB) dB")
  }

  /// corpus/spec opcodes/ampeg_attack.md, as EnvelopeTests reads it: a release falls
  /// 20 log10(e) x 8 = 69.5 dB per stated time. A sample at -40 dBFS has its bound at -35.05 dBFS,
  /// so a 1 s release brings it to -100 dBFS after 64.95 / 69.49 = 0.935 s, not the 1.44 s its
  /// envelope takes to fall 100 dB.
  @Test("a released voice ends when its bound crosses -100 dBFS: at 0.935 s of a 1 s release")
  func releaseEndsAtTheBound() {
    let h = harness(levelDB: -40) { r in r.ampeg.release = 1 }
    let offAt = 4_800
    let out = h.render(frames: 96_000, events: [Event.noteOn(60), Event.noteOff(60, at: offAt)])
      .left
    let end = out[offAt...].firstIndex { $0 == 0 }!
    let expected = (100 - 40 + Self.headroomDB) / (20 * log10(M_E) * 8)
    let seconds = Double(end - offAt) / Self.rate
    #expect(abs(seconds - expected) < 0.001, "ended after \(seconds) s, expected \(expected) s")
    #expect(h.stats.active_voices == 0)
  }
}
