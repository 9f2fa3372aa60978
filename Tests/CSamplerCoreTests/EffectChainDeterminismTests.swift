import CSamplerCore
import Foundation
import Testing

/// An instrument's chains run once per span on the joined sends, after the voices, whoever
/// rendered them, and keep their state per frame (dsp/fx_unit.h): a render team gives the same
/// bits as one thread. (Block sizes: SemanticsEffectChainTests, 128 against 37 frames.)
@Suite("Effect chain determinism")
struct EffectChainDeterminismTests {
  private func render(blockSize: Int, threads: Int) -> [Float] {
    let h = CoreHarness(sampleRate: 48_000, blockSize: blockSize, voices: 32)
    #expect(sc_engine_set_instrument(h.engine, EffectChainInstrument.make(delay: 0.03)))
    let team = threads > 1 ? sc_render_team_create(h.engine, UInt32(threads)) : nil
    defer { sc_render_team_destroy(team) }
    var events: [sc_event] = []
    for i in 0..<24 {
      events.append(Event.noteOn(UInt8(40 + i * 2), 100, at: i * 1_000))
      events.append(Event.noteOff(UInt8(40 + i * 2), at: i * 1_000 + 6_000))
    }
    let out = h.render(frames: 48_000, events: events, team: team)
    return out.left + out.right
  }

  @Test("one thread and three threads give the same bytes")
  func threads() {
    let one = render(blockSize: 256, threads: 1)
    #expect(one.contains { $0 != 0 })
    let difference = firstDifference(render(blockSize: 256, threads: 3), one)
    #expect(difference == nil, "first differs at \(difference ?? 0)")
  }
}
