import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// SC_PARAM_POLYPHONY and SC_PARAM_QUALITY (sampler_core.h, sc_param): at most that many voices
/// sound, a note beyond steals, lowering it fades the voices beyond it (released first, then
/// the oldest), a stolen voice fades in 5 ms and never clicks; the quality applies to voices
/// started after the change, as an engine created with it would play them.
@Suite("Polyphony and quality parameters")
struct PolyphonyQualityParameterTests {
  static let rate = 48_000.0

  /// Keys 60, 61, 62... each playing its own looped constant: `levels[i]` on key 60 + i.
  static func constants(_ levels: [Float], voices: Int = 64) -> CoreHarness {
    let h = CoreHarness(sampleRate: rate, voices: voices)
    h.load(
      samples: levels.map { ([[Float](repeating: $0, count: 4_800)], rate, nil) },
      regions: levels.indices.map { i in
        { r in
          r.sample_index = UInt32(i)
          r.lokey = UInt8(60 + i)
          r.hikey = UInt8(60 + i)
          r.loop_mode = SC_LOOP_CONTINUOUS
        }
      })
    return h
  }

  @Test("no more voices sound than the polyphony parameter allows; each note beyond steals")
  func capsVoices() {
    let h = Self.constants([0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1])
    let out = h.render(
      frames: 4_800,
      events: [Event.parameter(SC_PARAM_POLYPHONY, 3)]
        + (0..<8).map { Event.noteOn(UInt8(60 + $0), at: 100 * $0) }
    ).left
    #expect(h.stats.active_voices == 3)
    #expect(h.stats.voices_stolen == 5)
    #expect(abs(out[4_799] - 0.3) < 1e-6, "three voices of 0.1: \(out[4_799])")
    #expect(h.stats.peak_voices < 8, "stolen voices fade in the spare slots, never all eight")
  }

  @Test("a stolen voice fades out in 5 ms: no step larger than a 5 ms linear fade's")
  func stolenVoiceFades() {
    // key 61 plays silence, so the output is the stolen voice alone
    let h = Self.constants([0.5, 0])
    let k = 2_000
    let out = h.render(
      frames: 4_800,
      events: [
        Event.parameter(SC_PARAM_POLYPHONY, 1), Event.noteOn(60), Event.noteOn(61, at: k),
      ]
    ).left
    #expect(h.stats.voices_stolen == 1)
    let step = Measure.maxStep(out[k...]).step
    // 0.5 over 240 frames is 0.0021 a frame; a cut would step by 0.5
    #expect(step < 0.0025, "largest step \(step)")
    #expect(out[k] > 0.49, "the fade starts from the level it had")
    #expect(Measure.peak(out[(k + 250)...]) == 0, "silent 5 ms later")
  }

  @Test("lowering the polyphony fades out the oldest voices beyond it")
  func loweringFadesTheOldest() {
    let h = Self.constants([0.01, 0.02, 0.04, 0.08])
    let k = 2_400
    let out = h.render(
      frames: 4_800,
      events: (0..<4).map { Event.noteOn(UInt8(60 + $0), at: $0) } + [
        Event.parameter(SC_PARAM_POLYPHONY, 2, at: k)
      ]
    ).left
    #expect(abs(out[k - 1] - 0.15) < 1e-6)
    #expect(abs(out[4_799] - 0.12) < 1e-6, "keys 62 and 63 remain: \(out[4_799])")
    #expect(Measure.maxStep(out[k...]).step < 0.03 / 240 * 1.1, "faded, not cut")
    #expect(h.stats.active_voices == 2)
    #expect(sc_engine_parameter(h.engine, SC_PARAM_POLYPHONY) == 2)
  }

  @Test("lowering the polyphony takes released voices before held ones")
  func releasedFirst() {
    let h = Self.constants([0.01, 0.02, 0.04, 0.08])
    let out = h.render(
      frames: 9_600,
      events: [
        Event.parameter(SC_PARAM_AMP_RELEASE, 1), Event.noteOn(60), Event.noteOn(61),
        Event.noteOn(62), Event.noteOn(63), Event.noteOff(63, at: 100),
        Event.parameter(SC_PARAM_POLYPHONY, 2, at: 4_800),
      ]
    ).left
    // the released 63 and the oldest held one (60) go; 61 and 62 stay
    #expect(abs(out[9_599] - 0.06) < 1e-6, "\(out[9_599])")
  }

  @Test("polyphony is rounded to whole voices and kept within 1...max_voices")
  func roundsAndClamps() {
    let h = Self.constants([0.1], voices: 16)
    _ = h.render(frames: 64, events: [Event.parameter(SC_PARAM_POLYPHONY, 2.6)])
    #expect(sc_engine_parameter(h.engine, SC_PARAM_POLYPHONY) == 3)
    _ = h.render(frames: 64, events: [Event.parameter(SC_PARAM_POLYPHONY, 100)])
    #expect(sc_engine_parameter(h.engine, SC_PARAM_POLYPHONY) == 16)
  }

  /// Deterministic noise, so that every interpolation gives its own result.
  static let noise: [Float] = {
    var state: UInt32 = 12_345
    return (0..<24_000).map { _ in
      state = state &* 1_664_525 &+ 1_013_904_223
      return Float(Int32(bitPattern: state)) / Float(Int32.max) * 0.5
    }
  }()

  static func noiseEngine(_ quality: sc_quality) -> CoreHarness {
    let h = CoreHarness(sampleRate: rate, quality: quality)
    h.load(samples: [([noise], rate, nil)]) { _ in }
    return h
  }

  static let qualities = [SC_QUALITY_LINEAR, SC_QUALITY_HERMITE, SC_QUALITY_SINC]

  @Test(
    "a note started after a quality change plays bit for bit as an engine made with that quality",
    arguments: qualities, qualities)
  func qualityMatchesFreshEngine(created: sc_quality, chosen: sc_quality) {
    let note = [Event.noteOn(67, at: 300), Event.noteOn(55, at: 5_000)]
    let changed = Self.noiseEngine(created).render(
      frames: 12_000,
      events: [Event.parameter(SC_PARAM_QUALITY, Float(chosen.rawValue), at: 200)] + note)
    let fresh = Self.noiseEngine(chosen).render(frames: 12_000, events: note)
    #expect(firstDifference(changed.left, fresh.left) == nil)
    #expect(firstDifference(changed.right, fresh.right) == nil)
    if created != chosen {
      let unchanged = Self.noiseEngine(created).render(frames: 12_000, events: note)
      #expect(firstDifference(unchanged.left, fresh.left) != nil, "the qualities sound different")
    }
  }

  @Test("a note sounding when the quality changes keeps its own")
  func soundingNoteKeepsQuality() {
    let events = [Event.noteOn(67)]
    let changed = Self.noiseEngine(SC_QUALITY_HERMITE).render(
      frames: 12_000,
      events: events + [
        Event.parameter(SC_PARAM_QUALITY, Float(SC_QUALITY_LINEAR.rawValue), at: 2_000)
      ])
    let kept = Self.noiseEngine(SC_QUALITY_HERMITE).render(frames: 12_000, events: events)
    #expect(firstDifference(changed.left, kept.left) == nil)
  }
}
