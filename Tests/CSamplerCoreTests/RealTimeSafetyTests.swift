import CSamplerCore
import Foundation
import AudioTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite(
  "Real-time safety", .serialized,
  .enabled(if: ThreadAllocations.isAvailable, "counting needs glibc's malloc, not a sanitizer's"))
struct RealTimeSafetyTests {
  @Test("the counter sees an allocation on the measured thread (so the zero below means something)")
  func counterWorks() {
    let count = ThreadAllocations.measure {
      let p = malloc(64)
      free(p)
    }
    #expect(count == 1)
  }

  #if canImport(Glibc)
    @Test("allocations on other threads are not counted, even by a thread that exits meanwhile")
    func otherThreadsUncounted() {
      let count = ThreadAllocations.measure {
        var thread: pthread_t = 0
        let started = pthread_create(
          &thread, nil,
          { _ in
            for _ in 0..<100 { free(malloc(64)) }
            return nil
          }, nil)
        precondition(started == 0)
        pthread_join(thread, nil)
      }
      // Starting a thread may allocate on this one; the other thread's 100 would show.
      #expect(count < 50)
    }
  #endif

  @Test(
    "thousands of render calls with notes, controllers, bends and per-note expression allocate nothing"
  )
  func renderAllocatesNothing() {
    // 64-frame blocks: the same calls and events as 256 at a quarter of the time (the C core runs
    // at -O0 in a debug build).
    let blockFrames: UInt32 = 64
    let h = CoreHarness(
      sampleRate: 48_000, blockSize: Int(blockFrames), voices: 32, quality: SC_QUALITY_SINC)
    let sine = (0..<48_000).map { Float(sin(Double($0) * 0.05)) }
    h.load(samples: [([sine, sine], 48_000, 1_000...40_000)]) { r in
      r.loop_mode = SC_LOOP_SUSTAIN
      r.filters.0.type = SC_FILTER_LPF_2P
      r.filters.0.cutoff = 2_000
      r.filters.0.resonance = 6
      r.pitchlfo = sc_lfo_params(delay: 0, fade: 0.1, freq: 5, depth: 20)
      r.ampeg.release = 0.05
    }
    let script = ScriptedRenders(rounds: 4_000, blockFrames: blockFrames) { i in
      [
        Event.noteOn(UInt8(36 + i % 60), UInt8(1 + i % 127), at: i % 60),
        Event.cc(1, UInt8(i % 128), at: 10), Event.cc(64, i % 50 < 25 ? 127 : 0, at: 20),
        Event.bend(Int32(i % 16_000) - 8_000, at: 30),
        Event.noteOff(UInt8(36 + (i + 30) % 60), at: 40), Event.cc(7, UInt8(i % 128), at: 50),
        Event.noteOn(UInt8(40 + i % 50), id: UInt32(i), at: 60),
        Event.expression(
          sc_note_expression(UInt32(i % 5)), Float(i % 100) - 50, id: UInt32(max(i - 3, 0)),
          at: 70),
      ].sorted { $0.frame < $1.frame }
    }
    let allocations = script.allocations(rendering: h.engine)
    #expect(allocations == 0, "\(allocations) allocations in \(script.rounds) render calls")
    #expect(h.stats.peak_voices >= 32, "the engine was busy")
    #expect(h.stats.voices_stolen > 0, "stealing was exercised")
  }

  @Test(
    "render calls full of parameter events and ramps, the engine filter on, polyphony and quality changing, allocate nothing"
  )
  func parametersAllocateNothing() {
    let blockFrames: UInt32 = 64
    let h = CoreHarness(sampleRate: 48_000, blockSize: Int(blockFrames), voices: 32)
    let sine = (0..<48_000).map { Float(sin(Double($0) * 0.05)) }
    h.load(samples: [([sine, sine], 48_000, 1_000...40_000)]) { r in
      r.loop_mode = SC_LOOP_SUSTAIN
      r.ampeg.release = 0.05
    }
    let rounds = 2_000
    let perBlock = 10
    let events = UnsafeMutablePointer<sc_event>.allocate(capacity: rounds * perBlock)
    let left = UnsafeMutablePointer<Float>.allocate(capacity: Int(blockFrames))
    let right = UnsafeMutablePointer<Float>.allocate(capacity: Int(blockFrames))
    defer {
      events.deallocate()
      left.deallocate()
      right.deallocate()
    }
    // every parameter the engine applies, moved at frames inside the blocks, ramps overlapping
    let moves: [(sc_param, (Int) -> Float, Int)] = [
      (SC_PARAM_MASTER_GAIN, { Float($0 % 7) * 0.3 }, 500),
      (SC_PARAM_MASTER_TUNE, { Float($0 % 13) * 20 - 120 }, 300),
      (SC_PARAM_FILTER_ENABLE, { $0 % 40 < 30 ? 1 : 0 }, 0),
      (SC_PARAM_FILTER_CUTOFF, { Float(1 + $0 % 9) }, 200),
      (SC_PARAM_FILTER_RESONANCE, { Float($0 % 25) }, 100),
      (SC_PARAM_FILTER_STRENGTH, { Float($0 % 5) * 2 }, 64),
      (SC_PARAM_FILTER_ATTACK, { Float($0 % 3) * 0.05 }, 0),
      (SC_PARAM_PITCH_ENVELOPE_SEMITONES, { Float($0 % 5) - 2 }, 150),
      (SC_PARAM_PITCH_ATTACK, { Float($0 % 4) * 0.02 }, 0),
      (SC_PARAM_VOICE_VIBRATO_DEPTH, { Float($0 % 60) }, 90),
      (SC_PARAM_VOICE_VIBRATO_RATE, { Float($0 % 8) }, 45),
      (SC_PARAM_RESTART_VOICE_LFO, { Float($0 % 2) }, 0),
      (SC_PARAM_AMP_ATTACK, { Float($0 % 3) * 0.01 }, 0),
      (SC_PARAM_AMP_SUSTAIN, { Float($0 % 4) * 0.3 }, 0),
      (SC_PARAM_POLYPHONY, { Float([32, 4, 12, 1][$0 % 4]) }, 0),
      (SC_PARAM_QUALITY, { Float($0 % 3) }, 0),
    ]
    for i in 0..<rounds {
      var block = [
        Event.noteOn(UInt8(36 + i % 60), UInt8(1 + i % 127), at: i % 60),
        Event.noteOff(UInt8(36 + (i + 30) % 60), at: 40),
        Event.noteOn(UInt8(40 + (i * 7) % 50), at: 13),
      ]
      for j in 0..<(perBlock - block.count) {
        let (parameter, value, ramp) = moves[(i * 3 + j) % moves.count]
        block.append(
          Event.parameter(parameter, value(i + j), at: (i * 11 + j * 17) % 64, ramp: ramp))
      }
      block.sort { $0.frame < $1.frame }
      (events + i * perBlock).initialize(from: block, count: perBlock)
    }
    let engine = h.engine
    let allocations = ThreadAllocations.measure {
      var i = 0
      while i < rounds {
        // the mailbox too, between render calls, as a host's UI thread would
        if i % 5 == 0 { _ = sc_engine_set_parameter(engine, SC_PARAM_FILTER_CUTOFF, Float(i % 9)) }
        sc_engine_render(engine, blockFrames, events + i * perBlock, UInt32(perBlock), left, right)
        i += 1
      }
    }
    #expect(allocations == 0, "\(allocations) allocations in \(rounds) render calls")
    #expect(h.stats.peak_voices >= 12, "the engine was busy")
    #expect(h.stats.voices_stolen > 0, "polyphony changes stole voices")
  }

  @Test("render calls shared by a render team of three threads allocate nothing on the caller")
  func renderTeamAllocatesNothing() {
    let blockFrames: UInt32 = 256
    let h = CoreHarness(sampleRate: 48_000, blockSize: Int(blockFrames), voices: 64)
    let sine = (0..<48_000).map { Float(sin(Double($0) * 0.05)) }
    h.load(samples: [([sine, sine], 48_000, 1_000...40_000)]) { r in
      r.loop_mode = SC_LOOP_SUSTAIN
      r.filters.0.type = SC_FILTER_LPF_2P
      r.filters.0.cutoff = 2_000
      r.ampeg.release = 0.05
    }
    let team = sc_render_team_create(h.engine, 3)
    let rounds = 1_000
    let perBlock = 4
    let events = UnsafeMutablePointer<sc_event>.allocate(capacity: rounds * perBlock)
    let left = UnsafeMutablePointer<Float>.allocate(capacity: Int(blockFrames))
    let right = UnsafeMutablePointer<Float>.allocate(capacity: Int(blockFrames))
    defer {
      sc_render_team_destroy(team)
      events.deallocate()
      left.deallocate()
      right.deallocate()
    }
    for i in 0..<rounds {
      let block = [
        Event.noteOn(UInt8(30 + i % 70), UInt8(1 + i % 127), at: i % 100),
        Event.noteOn(UInt8(30 + (i * 7) % 70), at: 120),
        Event.cc(7, UInt8(i % 128), at: 150),
        Event.noteOff(UInt8(30 + (i + 35) % 70), at: 200),
      ]
      (events + i * perBlock).initialize(from: block, count: perBlock)
    }
    let engine = h.engine
    let allocations = ThreadAllocations.measure {
      var i = 0
      while i < rounds {
        sc_engine_render_team(
          engine, team, blockFrames, events + i * perBlock, UInt32(perBlock), left, right, nil)
        i += 1
      }
    }
    #expect(allocations == 0, "\(allocations) allocations in \(rounds) render calls")
    #expect(h.stats.peak_voices >= 32, "the engine was busy")
    #expect(sc_render_team_worker_voices(team) > 1_000, "the workers rendered voices")
  }

  @Test("render calls that retune sounding keys and take whole tunings allocate nothing")
  func retuningAllocatesNothing() {
    let h = CoreHarness(sampleRate: 48_000, blockSize: 256, voices: 32)
    let sine = (0..<48_000).map { Float(sin(Double($0) * 0.05)) }
    h.load(samples: [([sine], 48_000, 1_000...40_000)]) { r in r.loop_mode = SC_LOOP_SUSTAIN }
    let rounds = 2_000
    let perBlock = 4
    let events = UnsafeMutablePointer<sc_event>.allocate(capacity: rounds * perBlock)
    let cents = UnsafeMutablePointer<Double>.allocate(capacity: 128)
    let mapped = UnsafeMutablePointer<Bool>.allocate(capacity: 128)
    let left = UnsafeMutablePointer<Float>.allocate(capacity: 256)
    let right = UnsafeMutablePointer<Float>.allocate(capacity: 256)
    defer {
      events.deallocate()
      cents.deallocate()
      mapped.deallocate()
      left.deallocate()
      right.deallocate()
    }
    for key in 0..<128 {
      cents[key] = 100 * Double(key) * 19 / 12
      mapped[key] = key % 3 != 0
    }
    for i in 0..<rounds {
      let key = UInt8(40 + i % 40)
      let retune = sc_event(
        frame: 100, type: UInt8(SC_EVENT_NOTE_FREQUENCY.rawValue), channel: 0, data1: key,
        data2: UInt8(SC_TUNING_RETUNE_SOUNDING), value: 0, number: Float(200 + i % 300))
      let block = [
        Event.noteOn(key, at: 10), retune, Event.noteOff(UInt8(40 + (i + 20) % 40), at: 150),
        Event.noteOn(key &+ 1, at: 200),
      ]
      (events + i * perBlock).initialize(from: block, count: perBlock)
    }
    let engine = h.engine
    let allocations = ThreadAllocations.measure {
      var i = 0
      while i < rounds {
        // a whole table every few blocks, as a host switching scales would hand over
        if i % 7 == 0 { sc_engine_set_tuning(engine, cents, mapped) }
        sc_engine_render(engine, 256, events + i * perBlock, UInt32(perBlock), left, right)
        i += 1
      }
    }
    #expect(allocations == 0, "\(allocations) allocations in \(rounds) render calls")
    #expect(h.stats.peak_voices >= 16, "the engine was busy")
  }
}
