import AudioTestSupport
import CSamplerCore
import Foundation
import Synchronization
import Testing

@testable import SFZSampler

/// The engine's streaming (issue 14) with the real reader thread over frames held in memory:
/// a streamed render must equal the all-resident render bit for bit offline, and a reader that
/// falls behind in live rendering must produce counted underruns that fade, never clicks.
@Suite("Streaming engine")
struct StreamingEngineTests {
  /// Frames of the test sample: 2.5 s at 48 kHz, far beyond the resident part.
  static let frameCount = 120_000
  static let residentFrames = 6_000

  /// A 110 Hz stereo tone with a slow second partial, as 16-bit values: smooth enough that a cut
  /// would be by far the largest step of the output.
  static let values: [Int16] = (0..<frameCount).flatMap { i -> [Int16] in
    let t = Double(i) / 48_000
    let l = 0.5 * sin(2 * .pi * 110 * t) + 0.1 * sin(2 * .pi * 165 * t)
    let r = 0.5 * sin(2 * .pi * 110 * t + 1) + 0.1 * sin(2 * .pi * 220 * t)
    return [Int16(l * 32767), Int16(r * 32767)]
  }

  /// Frames served from `values`, at once or held back to a pace.
  final class MemorySource: StreamSource, @unchecked Sendable {
    let pace: Pace?
    init(pace: Pace? = nil) { self.pace = pace }
    func open(key: UInt64) -> (any StreamFile)? { key == 1 ? File(pace: pace) : nil }

    final class File: StreamFile {
      let pace: Pace?
      init(pace: Pace?) { self.pace = pace }
      func read(from frame: Int, count: Int, into buffer: UnsafeMutableRawPointer) -> Int {
        pace?.waitForTurn()
        let n = min(count, StreamingEngineTests.frameCount - frame)
        guard n > 0 else { return 0 }
        StreamingEngineTests.values.withUnsafeBufferPointer { all in
          buffer.copyMemory(
            from: all.baseAddress! + 2 * frame, byteCount: 2 * n * MemoryLayout<Int16>.size)
        }
        return n
      }
    }
  }

  /// A reader's pace tied to the render's progress instead of the clock: the n-th read waits
  /// until the render has made n x `framesPerRead` frames (or has ended). A reader slowed by a
  /// sleep falls behind only if the render thread runs faster than it, which on a busy machine
  /// depends on which of the two the scheduler runs; this one falls behind by construction.
  final class Pace: @unchecked Sendable {
    let framesPerRead: Int
    private let rendered = Synchronization.Atomic(0)
    private let reads = Synchronization.Atomic(0)
    init(framesPerRead: Int) { self.framesPerRead = framesPerRead }

    func renderReached(_ frames: Int) { rendered.store(frames, ordering: .releasing) }
    func renderEnded() { rendered.store(.max, ordering: .releasing) }

    func waitForTurn() {
      let turn = reads.add(1, ordering: .relaxed).newValue
      while rendered.load(ordering: .acquiring) < turn * framesPerRead { usleep(200) }
    }
  }

  /// An engine with one instrument built from `values`, streamed or not.
  final class Rig {
    let engine: OpaquePointer
    let progress = StreamProgress()
    var reader: StreamReader?

    let pace: Pace?

    init(streamed: Bool, offline: Bool, source: MemorySource = MemorySource(), voices: Int = 32) {
      pace = source.pace
      var config = sc_engine_config()
      sc_engine_config_init(&config)
      config.max_voices = UInt32(voices)
      // a resident sample's voices may end once inaudible, which a streamed one cannot tell
      // (sc_engine_config.keep_inaudible_voices): the comparison is of streaming alone
      config.keep_inaudible_voices = true
      if streamed {
        config.stream_ring_frames = 16_384
        config.stream_wait = StreamProgress.callback
        config.stream_wait_context = Unmanaged.passUnretained(progress).toOpaque()
      }
      engine = sc_engine_create(&config)!
      sc_engine_set_offline(engine, offline)
      let instrument = sc_instrument_create()!
      let left = stride(from: 0, to: values.count, by: 2).map { values[$0] }
      let right = stride(from: 1, to: values.count, by: 2).map { values[$0] }
      let resident = streamed ? StreamingEngineTests.residentFrames : frameCount
      left.withUnsafeBufferPointer { l in
        right.withUnsafeBufferPointer { r in
          let channels: [UnsafeRawPointer?] = [
            UnsafeRawPointer(l.baseAddress), .init(r.baseAddress),
          ]
          channels.withUnsafeBufferPointer { c in
            var data = sc_sample_data()
            data.format = SC_SAMPLE_INT16
            data.channels = c.baseAddress
            data.channel_count = 2
            data.frame_count = UInt64(frameCount)
            data.sample_rate = 48_000
            data.resident_frames = UInt64(resident)
            data.stream_key = 1
            precondition(sc_instrument_add_sample_data(instrument, &data) == 0)
          }
        }
      }
      // key 60: plain; 100: starts beyond the resident frames; 101: plays twice (count);
      // 102: loops inside the resident frames (sustain loop), then plays out
      for key: UInt8 in [60, 100, 101, 102] {
        var region = sc_region()
        sc_region_init(&region)
        region.pitch_keycenter = 60
        if key == 60 {
          (region.lokey, region.hikey) = (0, 99)
        } else {
          (region.lokey, region.hikey) = (key, key)
        }
        if key == 100 { region.offset = 50_000 }
        if key == 101 { region.count = 2 }
        if key == 102 {
          region.loop_mode = SC_LOOP_SUSTAIN
          (region.loop_start, region.loop_end) = (1_000, 4_999)
        }
        region.ampeg.release = 0.05
        precondition(sc_instrument_add_region(instrument, &region) >= 0)
      }
      precondition(sc_instrument_finalize(instrument) == 0)
      precondition(sc_engine_set_instrument(engine, instrument))
      if streamed { reader = StreamReader(engine: engine, source: source, progress: progress) }
    }

    deinit {
      pace?.renderEnded()
      reader?.stop()
      sc_engine_destroy(engine)
    }

    func render(frames: Int, block: Int, events: [sc_event]) -> [Float] {
      var out = [Float](repeating: 0, count: 2 * frames)
      var left = [Float](repeating: 0, count: block), right = left
      var done = 0
      while done < frames {
        let n = min(block, frames - done)
        let local = events.filter { Int($0.frame) >= done && Int($0.frame) < done + n }.map {
          var e = $0
          e.frame -= UInt32(done)
          return e
        }
        local.withUnsafeBufferPointer { ev in
          sc_engine_render(engine, UInt32(n), ev.baseAddress, UInt32(ev.count), &left, &right)
        }
        for i in 0..<n {
          out[2 * (done + i)] = left[i]
          out[2 * (done + i) + 1] = right[i]
        }
        done += n
        pace?.renderReached(done)
      }
      pace?.renderEnded()
      return out
    }

    var stats: sc_engine_stats {
      var s = sc_engine_stats()
      sc_engine_get_stats(engine, &s)
      return s
    }
  }

  static func note(_ key: UInt8, at frame: Int, on: Bool = true) -> sc_event {
    sc_event(
      frame: UInt32(frame), type: UInt8((on ? SC_EVENT_NOTE_ON : SC_EVENT_NOTE_OFF).rawValue),
      channel: 0, data1: key, data2: 100, value: 0, number: 0)
  }

  /// Notes at the recorded pitch, an octave and a fifth up and down, one that starts past the
  /// resident frames, one played twice and a looping one, overlapping.
  static let song: [sc_event] = [
    note(60, at: 0), note(72, at: 1_000), note(79, at: 30_000), note(48, at: 40_000),
    note(100, at: 50_000), note(101, at: 60_000), note(102, at: 61_000),
    note(102, at: 150_000, on: false), note(72, at: 180_000, on: false),
  ].sorted { $0.frame < $1.frame }

  @Test(
    "offline, a streamed sample renders bit-identically to the resident one",
    arguments: [1, 256, 1000])
  func offlineStreamingIsBitExact(block: Int) {
    let resident = Rig(streamed: false, offline: true)
    let streamed = Rig(streamed: true, offline: true)
    let expected = resident.render(frames: 240_000, block: block, events: Self.song)
    let got = streamed.render(frames: 240_000, block: block, events: Self.song)
    #expect(
      Measure.peak(expected[...]) > 0.3, "the song must sound for the comparison to mean much")
    let differing = zip(expected, got).filter { $0.bitPattern != $1.bitPattern }.count
    #expect(differing == 0, "\(differing) of \(got.count) samples differ")
    #expect(streamed.stats.stream_underruns == 0)
    #expect(resident.stats.notes_started == streamed.stats.notes_started)
  }

  @Test("live, a reader that falls behind makes counted underruns that fade without a click")
  func slowReaderUnderrunsFade() {
    // One read per 2,048 rendered frames: at most 2 source frames per output frame for every
    // voice together (a read is at most a 4,096-frame chunk), while the five voices, some
    // transposed up, need 11.5; rendering runs flat out
    let slow = MemorySource(pace: Pace(framesPerRead: 2_048))
    let live = Rig(streamed: true, offline: false, source: slow)
    let reference = Rig(streamed: false, offline: true)
    let events = [60, 72, 84, 79, 67].enumerated().map { Self.note(UInt8($1), at: $0 * 100) }
    let out = live.render(frames: 96_000, block: 256, events: events)
    let clean = reference.render(frames: 96_000, block: 256, events: events)
    #expect(live.stats.stream_underruns > 0, "the slowed reader should have fallen behind")
    #expect(out.allSatisfy { $0.isFinite })
    // Largest step between consecutive frames of one channel: a voice cut off mid-wave would
    // step by up to its amplitude (0.3 and more here); the faded ones stay within the music's
    // own steepest step.
    func largestStep(_ x: [Float]) -> Float {
      var largest: Float = 0
      for i in 2..<x.count { largest = max(largest, abs(x[i] - x[i - 2])) }
      return largest
    }
    let musical = largestStep(clean)
    #expect(largestStep(out) <= musical * 1.05 + 1e-4, "steps: \(largestStep(out)) vs \(musical)")
  }

  @Test(
    "streaming keeps the render path free of allocations",
    .enabled(if: ThreadAllocations.isAvailable, "counting needs glibc's malloc, not a sanitizer's"))
  func streamingRenderAllocatesNothing() {
    let streamed = Rig(streamed: true, offline: false)
    _ = streamed.render(frames: 4_096, block: 256, events: [Self.note(60, at: 0)])
    let left = UnsafeMutablePointer<Float>.allocate(capacity: 256)
    let right = UnsafeMutablePointer<Float>.allocate(capacity: 256)
    let events = UnsafeMutablePointer<sc_event>.allocate(capacity: 3)
    defer {
      left.deallocate()
      right.deallocate()
      events.deallocate()
    }
    // a new voice, one past the resident frames and one played twice, while the first streams
    events.initialize(
      from: [Self.note(72, at: 10), Self.note(100, at: 100), Self.note(101, at: 200)], count: 3)
    let engine = streamed.engine
    let allocations = ThreadAllocations.measure {
      sc_engine_render(engine, 256, events, 3, left, right)
      var i = 0
      while i < 400 {
        sc_engine_render(engine, 256, nil, 0, left, right)
        i += 1
      }
    }
    #expect(allocations == 0)
    #expect(streamed.stats.notes_started == 4)
  }
}
