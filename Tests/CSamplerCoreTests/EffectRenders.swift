import CSamplerCore
import Foundation

/// Renders through the engine's effect buses, for the effect tests: the return of an effect is
/// the render with the region's send minus the render without it, since the dry mix is the same
/// bits either way.
enum EffectRenders {
  static let sampleRate = 48_000.0

  /// A click: one full-scale frame, then silence.
  static let click: [Float] = [1] + [Float](repeating: 0, count: 63)

  /// Renders note 60 for `frames` frames on an engine with `parameters` set, playing `sample`
  /// (mono, at the engine's rate, looped over `loop` if given) through one region that
  /// `configure` sets up.
  static func render(
    sample: [Float], loop: ClosedRange<Int>? = nil, frames: Int, blockSize: Int = 256,
    parameters: [(sc_param, Float)] = [], events: [sc_event] = [Event.noteOn(60)],
    team threads: Int = 1, _ configure: @escaping (inout sc_region) -> Void
  ) -> (left: [Float], right: [Float]) {
    let h = CoreHarness(sampleRate: sampleRate, blockSize: blockSize)
    h.load(samples: [([sample], sampleRate, loop)]) { r in
      if loop != nil { r.loop_mode = SC_LOOP_CONTINUOUS }
      configure(&r)
    }
    for (p, value) in parameters { _ = sc_engine_set_parameter(h.engine, p, value) }
    let team = threads > 1 ? sc_render_team_create(h.engine, UInt32(threads)) : nil
    defer { sc_render_team_destroy(team) }
    return h.render(frames: frames, events: events, team: team)
  }

  /// The return alone: the render with `send` applied to the region minus the render without.
  static func wet(
    sample: [Float], loop: ClosedRange<Int>? = nil, frames: Int,
    parameters: [(sc_param, Float)] = [], send: @escaping (inout sc_region) -> Void
  ) -> (left: [Double], right: [Double]) {
    let with = render(sample: sample, loop: loop, frames: frames, parameters: parameters, send)
    let without = render(sample: sample, loop: loop, frames: frames, parameters: parameters) { _ in
    }
    return (
      zip(with.left, without.left).map { Double($0) - Double($1) },
      zip(with.right, without.right).map { Double($0) - Double($1) }
    )
  }
}
