import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// After the reverb's and chorus's tails, a silent input gives exact zeros (the effects clear
/// themselves once everything inside is below -140 dBFS, SC_EFFECT_SILENCE_LEVEL) and nothing is
/// ever NaN, over 60 s of silence after a note sent to both at full level, decay at its longest.
@Suite("Effect silence")
struct EffectSilenceTests {
  @Test("60 s of silence after a tail: no NaN, and exact zeros once the tail has died")
  func silence() {
    let rate = EffectRenders.sampleRate
    let sine = Synth.sine(frequency: 220, sampleRate: rate, frames: 24_000, amplitude: 0.9)
    let out = EffectRenders.render(
      sample: sine, frames: Int(62 * rate), blockSize: 1_024,
      parameters: [(SC_PARAM_REVERB_DECAY, 4), (SC_PARAM_REVERB_DAMPING, 1)]
    ) { r in
      r.effect.0 = 100
      r.effect.1 = 100
    }
    let both = out.left + out.right
    #expect(!both.contains { $0.isNaN || $0.isInfinite })
    // -140 dB from a 0 dB start at 60 dB per 4 s: 9.3 s, plus the longest path
    let quiet = Int(12 * rate)
    #expect(out.left[quiet...].allSatisfy { $0 == 0 } && out.right[quiet...].allSatisfy { $0 == 0 })
    let lastSound = out.left.lastIndex { $0 != 0 } ?? 0
    #expect(lastSound > Int(2 * rate), "the tail outlasts the 0.5 s note: \(lastSound) frames")
  }
}
