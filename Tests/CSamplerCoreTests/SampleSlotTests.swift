import CSamplerCore
import Foundation
import Testing

/// Samples copied into reserved slots from parallel threads (sc_instrument_reserve_samples and
/// sc_instrument_set_sample_data, as the SFZ loader copies each sample in as soon as it is
/// decoded) play exactly as samples added one by one.
@Suite("Sample slots")
struct SampleSlotTests {
  /// Eight different pitched samples, mono and stereo, float and 16-bit, some large enough to be
  /// mapped from the system (SC_SAMPLE_MAP_BYTES) and some small enough for the heap.
  static let samples: [(values: CoreSampleValues, rate: Double, loop: ClosedRange<Int>?)] =
    (0..<8).map { i in
      let frames = i.isMultiple(of: 2) ? 40_000 : 3_000
      let wave = (0..<frames).map { Float(0.5 * sin(Double($0) * (0.02 + 0.01 * Double(i)))) }
      let channels = i % 4 < 2 ? [wave] : [wave, wave.reversed()]
      let values: CoreSampleValues =
        i % 3 == 0
        ? .int16(channels.map { $0.map { Int16(($0 * 32_767).rounded()) } }) : .float32(channels)
      return (values, 44_100, i == 4 ? 1_000...30_000 : nil)
    }

  private func render(inParallel: Bool) -> [Float] {
    let h = CoreHarness()
    h.load(
      samples: Self.samples,
      regions: (0..<8).map { i in
        { r in
          r.sample_index = UInt32(i)
          r.lokey = UInt8(48 + i * 4)
          r.hikey = UInt8(51 + i * 4)
          r.pitch_keycenter = Float(48 + i * 4)
          if i == 4 { r.loop_mode = SC_LOOP_CONTINUOUS }
        }
      }, inParallel: inParallel)
    let events = (0..<8).map { Event.noteOn(UInt8(49 + $0 * 4), 100, at: $0 * 97) }
    let out = h.render(frames: 48_000, events: events)
    return out.left + out.right
  }

  @Test("samples set into reserved slots in parallel render bit for bit as samples added in turn")
  func parallelSlotsRenderTheSame() {
    let added = render(inParallel: false)
    #expect((added.map(abs).max() ?? 0) > 0.5)
    for _ in 0..<3 {
      let slotted = render(inParallel: true)
      let differing = zip(added, slotted).filter { $0.bitPattern != $1.bitPattern }.count
      #expect(differing == 0, "\(differing) of \(added.count) output values differ")
    }
  }

  @Test("a region cannot name a slot not yet set, and a slot is set only once")
  func emptySlotsAreRefused() throws {
    let instrument = try #require(sc_instrument_create())
    defer { sc_instrument_destroy(instrument) }
    #expect(sc_instrument_reserve_samples(instrument, 3) == 0)
    let wave = [Float](repeating: 0.25, count: 1_000)
    let stored = wave.withUnsafeBufferPointer { buffer in
      var pointers: [UnsafeRawPointer?] = [UnsafeRawPointer(buffer.baseAddress)]
      return pointers.withUnsafeMutableBufferPointer { channels in
        var data = sc_sample_data(
          format: SC_SAMPLE_FLOAT32, channels: channels.baseAddress, channel_count: 1,
          frame_count: 1_000, sample_rate: 48_000, has_loop: false, loop_start: 0, loop_end: 0,
          resident_frames: 0, stream_key: 0)
        return [
          sc_instrument_set_sample_data(instrument, 2, &data),
          sc_instrument_set_sample_data(instrument, 2, &data),
          sc_instrument_set_sample_data(instrument, 3, &data),
        ]
      }
    }
    #expect(stored == [true, false, false])
    // only the set slot holds memory: its frames and SC_SAMPLE_PADDING (16) on each side
    #expect(sc_instrument_sample_bytes(instrument) == UInt64((1_000 + 32) * 4))
    for (slot, accepted) in [(0, false), (1, false), (2, true)] {
      var region = sc_region()
      sc_region_init(&region)
      region.sample_index = UInt32(slot)
      #expect((sc_instrument_add_region(instrument, &region) >= 0) == accepted, "slot \(slot)")
    }
  }
}
