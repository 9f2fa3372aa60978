import CSamplerCore
import Foundation

/// An instrument for the chain tests: a looping sine (1000...40000) sending effect1 = 50 and
/// effect3 = 30, with a chain of every rendered type spread over main, fx1 and fx3.
enum EffectChainInstrument {
  /// Controllers `controlled` instruments move their effects with: CC 20 every parameter, CC 21
  /// each effect's bypass.
  static let parameterCC: UInt32 = 20
  static let bypassCC: UInt32 = 21

  /// A finalized instrument whose fx1 delay is `delay` s on the left, 1.5 times that on the right;
  /// `controlled`, every parameter of each effect moves with CC 20 (the delay up to twice as
  /// long) and each effect plays only while CC 21 is at least 64.
  static func make(delay: Float, controlled: Bool = false) -> OpaquePointer {
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
      if controlled { control(&effect, delay: delay) }
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

  /// Puts CC 20 on the parameters of `effect`'s type (and the levels) and CC 21 on its bypass.
  private static func control(_ effect: inout sc_effect, delay: Float) {
    let amounts: [(sc_effect_param, Float)] =
      switch effect.type {
      case SC_EFFECT_LOFI: [(SC_EFFECT_PARAM_BITRED, 50), (SC_EFFECT_PARAM_DECIM, 40)]
      case SC_EFFECT_FILTER:
        [(SC_EFFECT_PARAM_FILTER_CUTOFF, -15_000), (SC_EFFECT_PARAM_FILTER_RESONANCE, 6)]
      case SC_EFFECT_EQ:
        [
          (SC_EFFECT_PARAM_EQ_FREQ, 2_000), (SC_EFFECT_PARAM_EQ_BW, 1),
          (SC_EFFECT_PARAM_EQ_GAIN, -12),
        ]
      case SC_EFFECT_DELAY:
        [
          (SC_EFFECT_PARAM_DELAY_TIME_LEFT, delay), (SC_EFFECT_PARAM_DELAY_TIME_RIGHT, delay),
          (SC_EFFECT_PARAM_DELAY_FEEDBACK, 30), (SC_EFFECT_PARAM_DELAY_DAMPING, 50),
          (SC_EFFECT_PARAM_WET, -60), (SC_EFFECT_PARAM_INPUT, -30),
        ]
      case SC_EFFECT_REVERB:
        [
          (SC_EFFECT_PARAM_REVERB_SIZE, -50), (SC_EFFECT_PARAM_REVERB_DAMP, 60),
          (SC_EFFECT_PARAM_REVERB_PREDELAY, 0.1), (SC_EFFECT_PARAM_WET, -50),
          (SC_EFFECT_PARAM_DRY, 20),
        ]
      default: []
      }
    withUnsafeMutableBytes(of: &effect.cc) { raw in
      let slots = raw.bindMemory(to: sc_effect_cc.self)
      for (i, (parameter, amount)) in amounts.enumerated() {
        // lofi's controllers also through a curve, smoothed and stepped (bitred_curveccN...)
        let lofi = effect.type == SC_EFFECT_LOFI
        slots[i] = sc_effect_cc(
          parameter: parameter, controller: parameterCC, amount: amount, curve: lofi ? 2 : -1,
          smooth: lofi ? 20 : 0, step: lofi ? 5 : 0)
      }
    }
    effect.cc_count = UInt32(amounts.count)
    effect.bypass_controller = bypassCC
    effect.bypass = 1
  }
}
