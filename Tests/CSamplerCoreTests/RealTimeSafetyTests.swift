import CSamplerCore
import Foundation
import AudioTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sanitizer runtimes take over malloc, so the interposer cannot count under them;
/// `make test-sanitizers` sets SFZSAMPLER_SANITIZER.
private let underSanitizer = ProcessInfo.processInfo.environment["SFZSAMPLER_SANITIZER"] != nil

@Suite(
  "Real-time safety", .serialized,
  .disabled(if: underSanitizer, "a sanitizer runtime replaces malloc"))
struct RealTimeSafetyTests {
  @Test("the counter sees an allocation on the measured thread (so the zero below means something)")
  func counterWorks() {
    let count = ThreadAllocations.measure {
      let p = malloc(64)
      free(p)
    }
    #expect(count == 1)
  }

  @Test("thousands of render calls with notes, controllers and bends allocate nothing")
  func renderAllocatesNothing() {
    // 64-frame blocks: the same calls and events as 256 at a quarter of the time with counting on
    // (see ThreadAllocations); the C core runs at -O0 in a debug build.
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
    // Everything the loop touches is allocated up front: in a debug build even a Swift closure
    // inside the loop would allocate and hide what the C render path does.
    let rounds = 4_000
    let perBlock = 6
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
        Event.noteOn(UInt8(36 + i % 60), UInt8(1 + i % 127), at: i % 60),
        Event.cc(1, UInt8(i % 128), at: 10), Event.cc(64, i % 50 < 25 ? 127 : 0, at: 20),
        Event.bend(Int32(i % 16_000) - 8_000, at: 30),
        Event.noteOff(UInt8(36 + (i + 30) % 60), at: 40), Event.cc(7, UInt8(i % 128), at: 50),
      ]
      (events + i * perBlock).initialize(from: block, count: perBlock)
    }
    let engine = h.engine
    let allocations = ThreadAllocations.measure {
      var i = 0
      while i < rounds {
        sc_engine_render(engine, blockFrames, events + i * perBlock, UInt32(perBlock), left, right)
        i += 1
      }
    }
    #expect(allocations == 0, "\(allocations) allocations in \(rounds) render calls")
    #expect(h.stats.peak_voices >= 32, "the engine was busy")
    #expect(h.stats.voices_stolen > 0, "stealing was exercised")
  }
}
