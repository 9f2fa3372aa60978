import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// Voices with sends into the reverb and chorus render the same bytes on one thread or a render
/// team of two (each mix group sums its sends in slot order, and the groups join in group order,
/// as the dry mix does: voice/mix_groups.h), and in blocks of 64 or 1024 frames wherever the dry
/// mix alone does (events on a common grid, so voices' control steps fall alike): the effects keep
/// their state per frame and change settings only at events' frames.
@Suite("Effect determinism")
struct EffectDeterminismTests {
  static let frames = 100_000

  private func render(blockSize: Int, threads: Int, effects: Bool = true) -> [Float] {
    let sample = (0..<24_000).map {
      Float(0.3 * sin(Double($0) * 0.031) * cos(Double($0) * 0.0007))
    }
    var events: [sc_event] = [
      Event.parameter(SC_PARAM_EFFECTS, effects ? 1 : 0),
      Event.parameter(SC_PARAM_REVERB_DECAY, 0.5, at: 30 * 1_024),
      Event.parameter(SC_PARAM_CHORUS_RATE, 2.5, at: 41 * 1_024),
    ]
    // chords of five voices (enough for a team to share a span), with silences between them
    // long enough for the chorus to fall idle and start again
    for k in 0..<12 {
      for j in 0..<5 {
        let key = UInt8(40 + (k * 3 + j * 4) % 40)
        events.append(Event.noteOn(key, UInt8(60 + k + j), at: k * 8 * 1_024))
        events.append(Event.noteOff(key, at: (k * 8 + 1) * 1_024))
      }
    }
    let out = EffectRenders.render(
      sample: sample, loop: 1_000...23_999, frames: Self.frames, blockSize: blockSize,
      events: events, team: threads
    ) { r in
      r.effect.0 = 40
      r.effect.1 = 70
      r.ampeg.release = 0.05
    }
    return out.left + out.right
  }

  @Test("one thread and two threads give the same bytes")
  func threads() {
    let one = render(blockSize: 256, threads: 1)
    #expect(one.contains { $0 != 0 })
    let difference = firstDifference(render(blockSize: 256, threads: 2), one)
    #expect(difference == nil, "first differs at \(difference ?? 0)")
  }

  @Test("blocks of 64 and 1024 frames give the same bytes")
  func blocks() throws {
    let dry = firstDifference(
      render(blockSize: 64, threads: 1, effects: false),
      render(blockSize: 1_024, threads: 1, effects: false))
    try #require(dry == nil, "the dry mix alone differs at \(dry ?? 0)")
    let difference = firstDifference(
      render(blockSize: 64, threads: 1), render(blockSize: 1_024, threads: 1))
    #expect(difference == nil, "first differs at \(difference ?? 0)")
  }
}
