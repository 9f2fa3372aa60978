import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// The reverb works by blocks of up to config.h SC_REVERB_BLOCK frames, cut where a call ends,
/// and its vector kernels take 16 or 8 frames at a time; each frame's arithmetic is the same
/// however the frames fall, so calls of 1024, 100 and 37 frames give the same bytes (the last two
/// leave ragged ends for the kernels): across a size change, whose glide reads between frames, a
/// width change, which ramps the gains, and a silence long enough for the reverb to clear itself
/// and start again.
@Suite("Reverb blocks")
struct ReverbBlockTests {
  static let frames = 120_000
  private func render(blockSize: Int, send: Bool = true) -> [Float] {
    let events = [
      Event.noteOn(60), Event.parameter(SC_PARAM_REVERB_SIZE, 0.9, at: 10_000),
      Event.parameter(SC_PARAM_REVERB_WIDTH, 0.3, at: 20_003), Event.noteOn(60, at: 80_000),
    ]
    let out = EffectRenders.render(
      sample: EffectBlockSizes.burst, frames: Self.frames, blockSize: blockSize,
      parameters: [(SC_PARAM_REVERB_DECAY, 0.3)], events: events
    ) { r in
      if send { r.effect.0 = 100 }
    }
    return out.left + out.right
  }

  @Test("calls of 1024, 100 and 37 frames give the same bytes, clearing and starting again")
  func blocks() throws {
    let left = try EffectBlockSizes.effectReturn(frames: Self.frames) {
      render(blockSize: $0, send: $1)
    }
    #expect(left[30_000..<40_000].contains { $0 != 0 }, "the tail sounds after the changes")
    #expect(left[70_000..<80_000].allSatisfy { $0 == 0 }, "the reverb has cleared itself")
    #expect(left[80_000..<90_000].contains { $0 != 0 }, "and starts again")
  }
}
