import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// The effect buses are real-time safe: render calls with voices sending to the reverb and
/// chorus, effect settings moving and the effects bypassed and back, allocate nothing (the
/// malloc-counting probe of RealTimeSafetyTests), an engine's own effects and an ensemble's
/// shared ones alike.
@Suite(
  "Effect real-time safety", .serialized,
  .enabled(if: ThreadAllocations.isAvailable, "counting needs glibc's malloc, not a sanitizer's"))
struct EffectRealTimeSafetyTests {
  @Test("render calls with sends, effect parameter events and bypass allocate nothing")
  func effectsAllocateNothing() {
    let blockFrames: UInt32 = 64
    let h = CoreHarness(sampleRate: 48_000, blockSize: Int(blockFrames), voices: 16)
    let sine = (0..<48_000).map { Float(sin(Double($0) * 0.05)) }
    h.load(samples: [([sine], 48_000, 1_000...40_000)]) { r in
      r.loop_mode = SC_LOOP_SUSTAIN
      r.ampeg.release = 0.05
      r.effect.0 = 50
      r.effect.1 = 30
    }
    _ = sc_engine_set_parameter(h.engine, SC_PARAM_CHANNEL_SENDS, 1)
    let script = ScriptedRenders(rounds: 2_000, blockFrames: blockFrames) { i in
      [
        Event.noteOn(UInt8(36 + i % 60), 100, at: 0), Event.cc(91, UInt8(i % 128), at: 8),
        Event.parameter(SC_PARAM_REVERB_SIZE, Float(i % 10) / 10, at: 16),
        Event.parameter(SC_PARAM_CHORUS_VOICES, Float(1 + i % 4), at: 24),
        Event.parameter(SC_PARAM_EFFECTS, i % 200 < 190 ? 1 : 0, at: 32),
        Event.noteOff(UInt8(36 + (i + 30) % 60), at: 40),
      ]
    }
    let allocations = script.allocations(rendering: h.engine)
    #expect(allocations == 0, "\(allocations) allocations in \(script.rounds) render calls")
  }

  @Test(
    "ensemble render calls with sends into the shared reverb and chorus and an instrument's chains allocate nothing"
  )
  func ensembleEffectsAllocateNothing() {
    let blockFrames = 64
    let h = CoreHarness(sampleRate: 48_000, blockSize: blockFrames, voices: 16)
    let sine = (0..<48_000).map { Float(sin(Double($0) * 0.05)) }
    h.load(samples: [([sine], 48_000, 1_000...40_000)]) { r in
      r.loop_mode = SC_LOOP_SUSTAIN
      r.ampeg.release = 0.05
      r.effect.0 = 50
      r.effect.1 = 30
    }
    let ensemble = sc_ensemble_create(UInt32(blockFrames))!
    defer { sc_ensemble_destroy(ensemble) }
    _ = sc_ensemble_add_engine(ensemble, h.engine)
    sc_ensemble_assign_channel(ensemble, 0, 0)
    // channel 1 plays an instrument with <effect> chains, which its engine runs by channel
    let chained = CoreHarness(sampleRate: 48_000, blockSize: blockFrames, voices: 16)
    #expect(sc_engine_set_instrument(chained.engine, EffectChainInstrument.make(delay: 0.05)))
    _ = sc_ensemble_add_engine(ensemble, chained.engine)
    sc_ensemble_assign_channel(ensemble, 1, 1)
    let rounds = 2_000
    let perRound = 4
    let events = UnsafeMutablePointer<sc_event>.allocate(capacity: rounds * perRound)
    let buffers = UnsafeMutablePointer<Float>.allocate(capacity: 6 * blockFrames)
    let returnLeft = UnsafeMutablePointer<UnsafeMutablePointer<Float>?>.allocate(capacity: 2)
    let returnRight = UnsafeMutablePointer<UnsafeMutablePointer<Float>?>.allocate(capacity: 2)
    defer {
      events.deallocate()
      buffers.deallocate()
      returnLeft.deallocate()
      returnRight.deallocate()
    }
    for b in 0..<2 {
      returnLeft[b] = buffers + (2 + 2 * b) * blockFrames
      returnRight[b] = buffers + (3 + 2 * b) * blockFrames
    }
    for i in 0..<rounds {
      let round = [
        Event.noteOn(UInt8(36 + i % 60), 100, at: 0),
        Event.noteOn(UInt8(36 + i % 60), 100, at: 8, channel: 1),
        Event.noteOff(UInt8(36 + (i + 30) % 60), at: 40),
        Event.noteOff(UInt8(36 + (i + 30) % 60), at: 48, channel: 1),
      ]
      (events + perRound * i).initialize(from: round, count: perRound)
    }
    _ = sc_ensemble_set_effect(ensemble, SC_PARAM_REVERB_DECAY, 3)
    let allocations = ThreadAllocations.measure {
      var i = 0
      while i < rounds {
        sc_ensemble_render_returns(
          ensemble, nil, UInt32(blockFrames), events + perRound * i, UInt32(perRound), buffers,
          buffers + blockFrames,
          nil, nil, returnLeft, returnRight, nil)
        i += 1
      }
    }
    #expect(allocations == 0, "\(allocations) allocations in \(rounds) render calls")
    // the ensemble renders the harnesses' engines: they must outlive it
    withExtendedLifetime((h, chained)) {}
  }
}
