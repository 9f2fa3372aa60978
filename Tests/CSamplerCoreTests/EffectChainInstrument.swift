import CSamplerCore
import Foundation

/// An instrument for the chain tests: a looping sine (1000...40000) sending effect1 = 50 and
/// effect3 = 30, with a chain of every rendered type spread over main, fx1 and fx3.
enum EffectChainInstrument {
  /// A finalized instrument whose fx1 delay is `delay` s on the left, 1.5 times that on the right.
  static func make(delay: Float) -> OpaquePointer {
    let instrument = sc_instrument_create()!
    let sine = (0..<48_000).map { Float(sin(Double($0) * 0.05)) }
    sine.withUnsafeBufferPointer { samples in
      var channel: UnsafePointer<Float>? = samples.baseAddress
      withUnsafePointer(to: &channel) { channels in
        precondition(
          sc_instrument_add_sample(instrument, channels, 1, 48_000, 48_000, true, 1_000, 40_000)
            == 0)
      }
    }
    var region = sc_region()
    sc_region_init(&region)
    region.loop_mode = SC_LOOP_SUSTAIN
    region.ampeg.release = 0.05
    region.effect.0 = 50
    region.effect.2 = 30
    precondition(sc_instrument_add_region(instrument, &region) >= 0)
    let chain: [(sc_effect_type, sc_effect_bus)] = [
      (SC_EFFECT_DELAY, SC_EFFECT_BUS_FX1), (SC_EFFECT_REVERB, SC_EFFECT_BUS_FX1),
      (SC_EFFECT_FILTER, SC_EFFECT_BUS_FX3), (SC_EFFECT_LOFI, SC_EFFECT_BUS_MAIN),
      (SC_EFFECT_EQ, SC_EFFECT_BUS_MAIN), (SC_EFFECT_GAIN, SC_EFFECT_BUS_MAIN),
    ]
    for (type, bus) in chain {
      var effect = sc_effect()
      sc_effect_init(&effect, type)
      effect.bus = bus
      effect.delay_time = (delay, delay * 1.5)
      effect.delay_feedback = 40
      effect.bitred = 20
      effect.decim = 10
      effect.eq_gain = 6
      precondition(sc_instrument_add_effect(instrument, &effect))
    }
    var levels = sc_effect_levels()
    levels.direct_to_main = 80
    levels.to_main = (50, 0, 40, 0)
    levels.to_mix = (20, 0, 0, 0)
    precondition(sc_instrument_set_effect_levels(instrument, &levels))
    precondition(sc_instrument_finalize(instrument) != SC_FINALIZE_FAILED)
    return instrument
  }
}
