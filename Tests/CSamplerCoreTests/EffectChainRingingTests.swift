import CSamplerCore
import Foundation
import Testing

/// sc_engine_effects_ringing counts an instrument's chains (include/sampler_core.h): a delay's
/// echoes keep a ring-out going until the last one has left its line.
@Suite("Effect chain ringing")
struct EffectChainRingingTests {
  @Test("a 0.1 s delay at 50% feedback rings until its echoes fall under -140 dBFS")
  func delayRings() {
    let h = CoreHarness(sampleRate: 48_000, blockSize: 256, voices: 4)
    let instrument = sc_instrument_create()!
    let click: [Float] = [1] + [Float](repeating: 0, count: 63)
    click.withUnsafeBufferPointer { samples in
      var channel: UnsafePointer<Float>? = samples.baseAddress
      withUnsafePointer(to: &channel) { channels in
        precondition(
          sc_instrument_add_sample(instrument, channels, 1, 64, 48_000, false, 0, 0) == 0)
      }
    }
    var region = sc_region()
    sc_region_init(&region)
    precondition(sc_instrument_add_region(instrument, &region) >= 0)
    var effect = sc_effect()
    sc_effect_init(&effect, SC_EFFECT_DELAY)
    effect.delay_time = (0.1, 0.1)
    effect.delay_feedback = 50
    precondition(sc_instrument_add_effect(instrument, &effect))
    precondition(sc_instrument_finalize(instrument) != SC_FINALIZE_FAILED)
    #expect(sc_engine_set_instrument(h.engine, instrument))
    _ = h.render(frames: 256, events: [Event.noteOn(60)])
    // the click (1.0) is written into the line at 0 s and each echo at half the one before,
    // 0.1 s apart: 2^-k > 1e-7 up to k = 23, written at 2.3 s and heard at 2.4 s, the last
    _ = h.render(frames: 47_744)
    #expect(sc_engine_effects_ringing(h.engine), "1 s: echoes of -60 dB and below remain")
    _ = h.render(frames: 110_600 - 48_000)
    #expect(sc_engine_effects_ringing(h.engine), "2.304 s: the 23rd echo is in the line")
    _ = h.render(frames: 115_456 - 110_600)
    #expect(!sc_engine_effects_ringing(h.engine), "2.405 s: the line holds nothing audible")
  }
}
