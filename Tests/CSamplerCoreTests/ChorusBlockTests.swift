import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// The chorus works by blocks of up to config.h SC_CHORUS_BLOCK frames, cut where a call ends,
/// and its vector kernels take 16 or 8 frames at a time; each frame's arithmetic is the same
/// however the frames fall, so calls of 1024, 100 and 37 frames give the same bytes (the last two
/// leave ragged ends for the kernels): across a depth change, which glides the voices' delays, a
/// change of the number of voices, a level change, which fades the gains, and a silence long
/// enough for the chorus to fall idle and start again.
@Suite("Chorus blocks")
struct ChorusBlockTests {
  static let frames = 80_000
  private func render(blockSize: Int, send: Bool = true) -> [Float] {
    let events = [
      Event.noteOn(60), Event.parameter(SC_PARAM_CHORUS_DEPTH, 4, at: 1_000),
      Event.parameter(SC_PARAM_CHORUS_VOICES, 4, at: 1_500),
      Event.parameter(SC_PARAM_CHORUS_LEVEL, 1, at: 2_001), Event.noteOn(60, at: 50_000),
      Event.parameter(SC_PARAM_CHORUS_RATE, 7, at: 50_500),
    ]
    let out = EffectRenders.render(
      sample: EffectBlockSizes.burst, frames: Self.frames, blockSize: blockSize, events: events
    ) { r in
      if send { r.effect.1 = 100 }
    }
    return out.left + out.right
  }

  @Test("calls of 1024, 100 and 37 frames give the same bytes, falling idle and starting again")
  func blocks() throws {
    let left = try EffectBlockSizes.effectReturn(frames: Self.frames) {
      render(blockSize: $0, send: $1)
    }
    #expect(left[1_000..<2_400].contains { $0 != 0 }, "the chorus sounds through the changes")
    #expect(left[40_000..<50_000].allSatisfy { $0 == 0 }, "the chorus has fallen idle")
    #expect(left[50_000..<52_400].contains { $0 != 0 }, "and starts again")
  }
}
