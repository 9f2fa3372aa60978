import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// An instrument's <effect> chains keep the render thread's rules (include/sampler_core.h,
/// sc_instrument_add_effect): their memory is taken when the engine is given the instrument, so
/// render calls that run them, bypass them and adopt another instrument with chains allocate
/// nothing (the malloc-counting probe of RealTimeSafetyTests).
@Suite(
  "Effect chain real-time safety", .serialized,
  .enabled(if: ThreadAllocations.isAvailable, "counting needs glibc's malloc, not a sanitizer's"))
struct EffectChainRealTimeTests {
  /// A looping sine sending to fx1, with a chain of every rendered type spread over main, fx1
  /// and fx3.
  private static func instrument(delay: Float) -> OpaquePointer {
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

  @Test("render calls running chains, bypassing them and swapping instruments allocate nothing")
  func chainsAllocateNothing() {
    let blockFrames: UInt32 = 64
    let h = CoreHarness(sampleRate: 48_000, blockSize: Int(blockFrames), voices: 16)
    #expect(sc_engine_set_instrument(h.engine, Self.instrument(delay: 0.05)))
    let rounds = 2_000
    let perBlock = 3
    let events = UnsafeMutablePointer<sc_event>.allocate(capacity: rounds * perBlock)
    let left = UnsafeMutablePointer<Float>.allocate(capacity: Int(blockFrames))
    let right = UnsafeMutablePointer<Float>.allocate(capacity: Int(blockFrames))
    defer {
      events.deallocate()
      left.deallocate()
      right.deallocate()
    }
    for i in 0..<rounds {
      let block = [
        Event.noteOn(UInt8(36 + i % 60), 100, at: 0),
        Event.parameter(SC_PARAM_EFFECTS, i % 200 < 190 ? 1 : 0, at: 16),
        Event.noteOff(UInt8(36 + (i + 30) % 60), at: 40),
      ]
      (events + i * perBlock).initialize(from: block, count: perBlock)
    }
    let engine = h.engine
    func renderRounds(_ range: Range<Int>) -> Int {
      ThreadAllocations.measure {
        var i = range.lowerBound
        while i < range.upperBound {
          sc_engine_render(
            engine, blockFrames, events + i * perBlock, UInt32(perBlock), left, right)
          i += 1
        }
      }
    }
    let first = renderRounds(0..<rounds / 2)
    // the swap: handed over here, on the control thread; adopted by the next render call
    #expect(sc_engine_set_instrument(engine, Self.instrument(delay: 0.2)))
    let second = renderRounds(rounds / 2..<rounds)
    #expect(first == 0, "\(first) allocations in \(rounds / 2) render calls")
    #expect(second == 0, "\(second) allocations across the swap")
    while let garbage = sc_engine_collect_garbage(engine) { sc_instrument_destroy(garbage) }
  }
}
