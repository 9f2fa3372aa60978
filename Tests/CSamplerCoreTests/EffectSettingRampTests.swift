import CSamplerCore
import Foundation
import Testing

/// The reverb's and the chorus's settings move without a click when a host automates them
/// (SC_PARAM_REVERB_LEVEL, _WIDTH, SC_PARAM_CHORUS_LEVEL, _DEPTH): the output gains ramp over
/// config.h SC_EFFECT_RAMP_SECONDS and the chorus's depth with them, so across a change no
/// sample of the return moves further from the one before than the steady return's largest
/// step (times the change in speed a depth ramp gives), plus 2% of the return's peak. Stepped
/// at once, the return would jump by most of its value.
@Suite("Effect setting ramps")
struct EffectSettingRampTests {
  static let rate = EffectRenders.sampleRate
  static let change = 48_000

  /// The return of a looping 220 Hz sine sent at `send` to `bus`, with `parameter` moved from
  /// `from` to `to` at `change`.
  private func wet(
    send bus: Int, _ parameter: sc_param, from: Float, to: Float, also: [(sc_param, Float)] = []
  ) -> [Double] {
    let sine = (0..<48_000).map { Float(sin(2 * Double.pi * 220 * Double($0) / Self.rate)) }
    let events = [
      Event.noteOn(60), Event.parameter(parameter, to, at: Self.change),
    ]
    let parameters = also + [(parameter, from)]
    let with = EffectRenders.render(
      sample: sine, loop: 0...47_999, frames: 2 * Self.change, parameters: parameters,
      events: events
    ) { r in
      if bus == 0 { r.effect.0 = 100 } else { r.effect.1 = 100 }
    }
    let without = EffectRenders.render(
      sample: sine, loop: 0...47_999, frames: 2 * Self.change, parameters: parameters,
      events: events
    ) { _ in }
    return zip(with.left, without.left).map { Double($0) - Double($1) }
  }

  private func largestStep(_ x: [Double], _ range: Range<Int>) -> Double {
    range.dropFirst().map { abs(x[$0] - x[$0 - 1]) }.max() ?? 0
  }

  private func check(_ x: [Double], speed: Double = 1, _ label: String) {
    let steady = largestStep(x, Self.change - 12_000..<Self.change - 1)
    let after = largestStep(x, Self.change + 4_800..<Self.change + 16_800)
    let across = largestStep(x, Self.change - 1..<Self.change + 4_800)
    let peak = x[(Self.change - 12_000)...].map(abs).max() ?? 0
    #expect(peak > 0.01, "\(label): the return sounds")
    #expect(
      across <= speed * max(steady, after) + 0.02 * peak,
      "\(label): \(across) across the change, \(steady) before, \(after) after, peak \(peak)")
  }

  @Test("reverb level 2 -> 0.5 and width 1 -> 0 ramp instead of stepping")
  func reverb() {
    check(wet(send: 0, SC_PARAM_REVERB_LEVEL, from: 2, to: 0.5), "reverb level")
    check(wet(send: 0, SC_PARAM_REVERB_WIDTH, from: 1, to: 0), "reverb width")
  }

  /// A size change glides the lines' reads to their new lengths over 0.1 s (config.h
  /// SC_REVERB_SIZE_GLIDE_SECONDS): 0.3 -> 0.9 lengthens the longest line (97.3 ms x 0.4...1.2,
  /// config.h SC_REVERB_LINE_MS, SIZE_MIN/MAX) by 46.7 ms, so its read slows to 0.53 of the
  /// input's speed; 0.9 -> 0.3 speeds it to 1.47.
  @Test("reverb size 0.3 -> 0.9 and back glides instead of jumping")
  func reverbSize() {
    check(wet(send: 0, SC_PARAM_REVERB_SIZE, from: 0.3, to: 0.9), "reverb size up")
    check(wet(send: 0, SC_PARAM_REVERB_SIZE, from: 0.9, to: 0.3), speed: 1.47, "reverb size down")
  }

  @Test("chorus level 2 -> 0.5 ramps; depth 2 -> 6 ms moves the voices without a jump")
  func chorus() {
    check(wet(send: 1, SC_PARAM_CHORUS_LEVEL, from: 2, to: 0.5), "chorus level")
    // 4 ms more depth glided in over 5 ms moves a voice's read by up to 0.8 frames a frame: its
    // speed, and so its steps, change by at most that
    check(wet(send: 1, SC_PARAM_CHORUS_DEPTH, from: 2, to: 6), speed: 1.8, "chorus depth")
  }
}
