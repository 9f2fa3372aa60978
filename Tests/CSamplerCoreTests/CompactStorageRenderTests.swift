import CSamplerCore
import Foundation
import Testing

/// Samples kept as 16-bit integers (SC_SAMPLE_INT16) play exactly as the same values kept as
/// floats (x / 32768), the floats a decoder makes of 16-bit PCM.
@Suite("16-bit sample storage")
struct CompactStorageRenderTests {
  static let frames = 24_000
  /// 16-bit values over the whole range, both extremes included, different per channel.
  static func values(channel: Int) -> [Int16] {
    var values = (0..<frames).map { (i: Int) -> Int16 in
      let x = Double(i)
      let wave = 0.6 * sin(x * 0.031 + Double(channel)) + 0.35 * sin(x * 0.377)
      return Int16((wave * 32_767).rounded())
    }
    values[100] = .min
    values[101] = .max
    values[5_000] = .min
    values[5_001] = .max
    return values
  }

  private func render(
    _ samples: CoreSampleValues, channels: Int, quality: sc_quality, portable: Bool
  ) -> [Float] {
    let h = CoreHarness(quality: quality, portableKernels: portable)
    h.load(
      samples: [(samples, 44_100, nil)],
      regions: [
        { r in
          r.loop_mode = SC_LOOP_CONTINUOUS
          r.loop_start = 4_000
          r.loop_end = 19_999
          r.loop_crossfade = 0.05
          r.ampeg.release = 0.05
        }
      ])
    // Keys from an octave below the root (60) to 26 semitones above it; the highest ones run
    // through the loop and its crossfade many times.
    let keys: [UInt8] = [48, 55, 60, 61, 67, 72, 73, 79, 86]
    var events = keys.enumerated().map { Event.noteOn($1, 100, at: $0 * 311) }
    events.append(Event.bend(2_500, at: 9_000))
    events += keys.prefix(4).map { Event.noteOff($0, at: 30_000) }
    let out = h.render(frames: 48_000, events: events)
    return out.left + out.right
  }

  @Test(
    "16-bit compact and float storage render the same audio within 1 LSB of 16-bit",
    arguments: [SC_QUALITY_LINEAR, SC_QUALITY_HERMITE, SC_QUALITY_SINC], [1, 2])
  func sameAudio(quality: sc_quality, channels: Int) {
    let integers = (0..<channels).map(Self.values)
    let floats = integers.map { channel in channel.map { Float($0) / 32_768 } }
    for portable in [false, true] {
      let compact = render(
        .int16(integers), channels: channels, quality: quality, portable: portable)
      let reference = render(
        .float32(floats), channels: channels, quality: quality, portable: portable)
      let peak = reference.map(abs).max() ?? 0
      #expect(peak > 0.1, "the render must sound (peak \(peak))")
      let largest = zip(compact, reference).map { abs($0 - $1) }.max() ?? .infinity
      print(
        "quality \(quality.rawValue), \(channels) channel(s), portable \(portable): largest "
          + "difference \(largest) (\(largest * 32_768) LSB of 16-bit), peak \(peak)")
      #expect(largest <= 1.0 / 32_768)
      if largest == 0 {
        #expect(compact.map(\.bitPattern) == reference.map(\.bitPattern), "bit-identical")
      }
    }
  }
}
