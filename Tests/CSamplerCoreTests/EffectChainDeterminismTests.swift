import CSamplerCore
import Foundation
import Testing

/// An instrument's chains run once per span on the joined sends, after the voices, whoever
/// rendered them, and keep their state per frame (dsp/fx_unit.h): a render team gives the same
/// bits as one thread, and where the host cuts its blocks changes nothing either. (SFZ level:
/// SemanticsEffectChainTests, 128 against 37 frames with the note held.)
@Suite("Effect chain determinism")
struct EffectChainDeterminismTests {
  /// Notes `spacing` frames apart, each held 6 `spacing`s.
  private func render(blockSize: Int, threads: Int, spacing: Int = 1_000) -> [Float] {
    let h = CoreHarness(sampleRate: 48_000, blockSize: blockSize, voices: 32)
    #expect(sc_engine_set_instrument(h.engine, EffectChainInstrument.make(delay: 0.03)))
    let team = threads > 1 ? sc_render_team_create(h.engine, UInt32(threads)) : nil
    defer { sc_render_team_destroy(team) }
    var events: [sc_event] = []
    for i in 0..<24 {
      events.append(Event.noteOn(UInt8(40 + i * 2), 100, at: i * spacing))
      events.append(Event.noteOff(UInt8(40 + i * 2), at: (i + 6) * spacing))
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

  /// The chains keep their state per frame (dsp/fx_unit.h), so blocks of 64 and of 1024 frames
  /// give the same bytes through the delay's echoes and the reverb's tail after the last
  /// note-off. The notes fall on frames both block sizes cut at: a voice ramps its gain between
  /// control points counted from the start of the span an event opens, so a note-off inside a
  /// host block moves the voice's own bits by about 1e-5 with no effect at all, as it did before
  /// the effects existed.
  @Test("blocks of 64 and 1024 frames give the same bytes, tails included")
  func blockSizes() {
    let small = render(blockSize: 64, threads: 1, spacing: 1_024)
    #expect(small[(29 * 1_024 + 12_000)..<48_000].contains { $0 != 0 }, "the tail rings")
    let difference = firstDifference(render(blockSize: 1_024, threads: 1, spacing: 1_024), small)
    #expect(difference == nil, "first differs at \(difference ?? 0)")
  }
}
