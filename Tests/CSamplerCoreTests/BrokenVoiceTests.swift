import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// A voice whose output is not finite (sample data handed to the C API unchecked, an unstable
/// filter) is silenced and counted, and the notes beside it play on untouched.
@Suite("Broken voices")
struct BrokenVoiceTests {
  static let rate = 48_000.0
  static let sine = Synth.sine(frequency: 375, sampleRate: rate, frames: 48_000)

  /// Key 60 plays a clean sine; key 62 plays `bad`.
  private func harness(bad: [Float]) -> CoreHarness {
    let h = CoreHarness(sampleRate: Self.rate)
    h.load(
      samples: [([Self.sine], Self.rate, nil), ([bad], Self.rate, nil)],
      regions: [
        { r in
          r.lokey = 60
          r.hikey = 60
          r.pitch_keycenter = 60
        },
        { r in
          r.lokey = 62
          r.hikey = 62
          r.pitch_keycenter = 62
          r.sample_index = 1
        },
      ])
    return h
  }

  /// Silence with NaN and infinity from frame 500 on, so the voice adds nothing before it breaks.
  static let poisoned: [Float] = (0..<48_000).map { i in
    i % 1_000 == 500 ? (i % 2_000 == 500 ? .nan : .infinity) : 0
  }

  enum Poison: CaseIterable {
    case nonFinite, huge
    var samples: [Float] {
      switch self {
      case .nonFinite: BrokenVoiceTests.poisoned
      case .huge: [Float](repeating: 1e30, count: 48_000)
      }
    }
  }

  @Test(
    "a voice reading NaN, infinity or absurd values is silenced: the output stays finite and the note beside it is untouched",
    arguments: Poison.allCases)
  func nonFiniteVoiceIsSilenced(poison: Poison) {
    let bad = poison.samples
    let clean = harness(bad: bad).render(frames: 24_000, events: [Event.noteOn(60)])
    let h = harness(bad: bad)
    let both = h.render(frames: 24_000, events: [Event.noteOn(60), Event.noteOn(62)])
    #expect(both.left.allSatisfy(\.isFinite) && both.right.allSatisfy(\.isFinite))
    // The broken voice is dropped in its first block, before anything of it reaches the mix.
    let difference = zip(both.left, clean.left).map { abs($0 - $1) }.max() ?? 0
    #expect(difference < 1e-6, "the clean note changed by up to \(difference)")
    #expect(Measure.peak(clean.left[1_000...]) > 0.1, "the clean note sounds")
    #expect(h.stats.voices_silenced == 1)
    #expect(h.stats.active_voices == 1)
  }

  @Test("a clean note counts no silenced voice")
  func cleanNoteIsNotSilenced() {
    let h = harness(bad: Self.poisoned)
    _ = h.render(frames: 24_000, events: [Event.noteOn(60)])
    #expect(h.stats.voices_silenced == 0)
  }
}
