import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// An instrument's <effect> chains keep the render thread's rules (include/sampler_core.h,
/// sc_instrument_add_effect): their memory is taken when the engine is given the instrument, so
/// render calls that run them, bypass them and adopt another instrument with chains allocate
/// nothing (the malloc-counting probe of RealTimeSafetyTests). So do controllers moving every
/// effect parameter and switching the effects' bypasses (sc_effect_cc, bypass_onccN): a delay's
/// lines are taken as long as its controllers can make it.
@Suite(
  "Effect chain real-time safety", .serialized,
  .enabled(if: ThreadAllocations.isAvailable, "counting needs glibc's malloc, not a sanitizer's"))
struct EffectChainRealTimeTests {
  @Test("render calls running chains, bypassing them and swapping instruments allocate nothing")
  func chainsAllocateNothing() {
    let blockFrames: UInt32 = 64
    let h = CoreHarness(sampleRate: 48_000, blockSize: Int(blockFrames), voices: 16)
    #expect(sc_engine_set_instrument(h.engine, EffectChainInstrument.make(delay: 0.05)))
    let rounds = 2_000
    let script = ScriptedRenders(rounds: rounds, blockFrames: blockFrames) { i in
      [
        Event.noteOn(UInt8(36 + i % 60), 100, at: 0),
        Event.parameter(SC_PARAM_EFFECTS, i % 200 < 190 ? 1 : 0, at: 16),
        Event.noteOff(UInt8(36 + (i + 30) % 60), at: 40),
      ]
    }
    let engine = h.engine
    let first = script.allocations(rendering: engine, 0..<rounds / 2)
    // the swap: handed over here, on the control thread; adopted by the next render call
    #expect(sc_engine_set_instrument(engine, EffectChainInstrument.make(delay: 0.2)))
    let second = script.allocations(rendering: engine, rounds / 2..<rounds)
    #expect(first == 0, "\(first) allocations in \(rounds / 2) render calls")
    #expect(second == 0, "\(second) allocations across the swap")
    while let garbage = sc_engine_collect_garbage(engine) { sc_instrument_destroy(garbage) }
  }

  @Test(
    "render calls with controllers moving the effects' parameters and bypasses allocate nothing")
  func controllersAllocateNothing() {
    let blockFrames: UInt32 = 64
    let h = CoreHarness(sampleRate: 48_000, blockSize: Int(blockFrames), voices: 16)
    #expect(
      sc_engine_set_instrument(h.engine, EffectChainInstrument.make(delay: 0.05, controlled: true)))
    let rounds = 2_000
    let parameter = UInt8(EffectChainInstrument.parameterCC)
    let bypass = UInt8(EffectChainInstrument.bypassCC)
    let script = ScriptedRenders(rounds: rounds, blockFrames: blockFrames) { i in
      [
        Event.noteOn(UInt8(36 + i % 60), 100, at: 0),
        Event.cc(parameter, UInt8(i * 37 % 128), at: 8, channel: UInt8(i % 16)),
        Event.cc(bypass, i % 50 < 25 ? 127 : 0, at: 24),
        Event.noteOff(UInt8(36 + (i + 30) % 60), at: 40),
      ]
    }
    let engine = h.engine
    let count = script.allocations(rendering: engine, 0..<rounds)
    #expect(count == 0, "\(count) allocations in \(rounds) render calls")
    while let garbage = sc_engine_collect_garbage(engine) { sc_instrument_destroy(garbage) }
  }
}
