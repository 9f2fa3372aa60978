import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// A song's stems: sc_engine_render_channels gives each MIDI channel's voices an output of its
/// own, and the channels add up to the mix sc_engine_render gives.
@Suite("Outputs by channel")
struct ChannelOutputsTests {
  /// A looped sine over every key, with a release that outlasts a block.
  static func harness(blockSize: Int = 256) -> CoreHarness {
    let h = CoreHarness(sampleRate: 48_000, blockSize: blockSize)
    // a cosine starts at its peak, so a note sounds on its first frame
    let sine = (0..<4_800).map { Float(cos(Double($0) * 2 * .pi * 100 / 48_000)) * 0.25 }
    h.load(samples: [([sine], 48_000, 0...4_799)]) { r in
      r.ampeg.release = 0.02
    }
    return h
  }

  /// Notes on channels 1, 4 and 10 overlapping, a bend on 4, a volume change on 1, and the
  /// master volume ramping down across block boundaries.
  static let performance: [sc_event] = [
    Event.noteOn(60, 100, at: 10, channel: 0), Event.noteOn(64, 90, at: 300, channel: 3),
    Event.noteOn(36, 127, at: 700, channel: 9), Event.bend(3_000, at: 900, channel: 3),
    Event.cc(7, 60, at: 1_100, channel: 0), Event.noteOff(60, at: 2_000, channel: 0),
    Event.parameter(SC_PARAM_MASTER_GAIN, 0.5, at: 1_500, ramp: 1_000),
    Event.noteOff(64, at: 3_000, channel: 3), Event.noteOff(36, at: 3_500, channel: 9),
  ]

  @Test("the channels add up to the mix, and only channels that sound are written")
  func channelsSumToTheMix() {
    let mix = Self.harness().render(frames: 6_000, events: Self.performance)
    let stems = Self.harness().renderChannels(frames: 6_000, events: Self.performance)
    let playing: Set<Int> = [0, 3, 9]
    let written = stems.written.reduce(0, |)
    #expect(written == 1 << 0 | 1 << 3 | 1 << 9, "channels written: \(String(written, radix: 2))")
    var worst: Float = 0
    for frame in 0..<6_000 {
      let left = playing.sorted().reduce(Float(0)) { $0 + stems.left[$1][frame] }
      let right = playing.sorted().reduce(Float(0)) { $0 + stems.right[$1][frame] }
      worst = max(worst, abs(left - mix.left[frame]), abs(right - mix.right[frame]))
    }
    // float rounding of a sum of three voices at 0.25 full scale
    #expect(worst <= 1e-6, "largest difference from the mix \(worst)")
    #expect(Measure.peak(mix.left[...]) > 0.1)
    // each channel holds its own voice: channel 10's note starts at frame 700, not before
    #expect(Measure.onset(stems.left[9]) == 700)
    #expect(Measure.onset(stems.left[3]) == 300)
    #expect(Measure.onset(stems.left[0]) == 10)
  }

  @Test("a channel's output is its part rendered alone, to rounding")
  func aChannelIsItsPartAlone() {
    let stems = Self.harness().renderChannels(frames: 6_000, events: Self.performance)
    // the master volume is the engine's, so the part alone keeps it
    let alone = Self.harness().render(
      frames: 6_000,
      events: Self.performance.filter {
        $0.channel == 3 || $0.type == UInt8(SC_EVENT_PARAMETER.rawValue)
      })
    let pairs = zip(stems.left[3] + stems.right[3], alone.left + alone.right)
    let worst = pairs.map { abs($0 - $1) }.max() ?? 0
    // Not bit for bit: the other channels' events cut the render into more spans, and a voice's
    // control-rate values (envelope segments, bend smoothing) step at span starts, which moves
    // its samples by rounding: below -88 dB of full scale
    #expect(worst < 1e-5, "largest difference \(worst)")
  }

  @Test("a channel silent for a whole block is not written in it")
  func silentBlocksAreNotWritten() {
    let stems = Self.harness(blockSize: 100).renderChannels(
      frames: 1_000, events: [Event.noteOn(60, at: 450, channel: 5)])
    // blocks 0-3 hold no voice; block 4 starts the note at frame 50 of its 100
    #expect(stems.written.prefix(4).allSatisfy { $0 == 0 })
    #expect(stems.written[4] == 1 << 5)
    #expect(Measure.onset(stems.left[5]) == 450)
  }
}
