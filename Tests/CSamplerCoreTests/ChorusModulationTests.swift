import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// The engine chorus's modulation (SC_PARAM_CHORUS_RATE and _DEPTH, sampler_core.h): one voice's
/// delay swings `depth` ms either side of the 7 ms centre, and the pitch of a tone through it
/// then deviates by 1200 log2(1 + 2 pi rate depth) cents at most (the Doppler shift of a delay
/// d(t) = d0 + depth sin(2 pi rate t), whose slope peaks at 2 pi rate depth).
@Suite("Chorus modulation")
struct ChorusModulationTests {
  static let rate = EffectRenders.sampleRate
  static let tone = 50.0  // a period (20 ms) longer than the longest delay: no ambiguity

  /// The wet of a 50 Hz sine sent fully to a one-voice chorus at `rate` Hz and `depth` ms.
  private func wet(rate: Float, depth: Float, seconds: Double) -> [Double] {
    let sine = Synth.sine(
      frequency: Self.tone, sampleRate: Self.rate, frames: 48_000, amplitude: 0.5)
    return EffectRenders.wet(
      sample: sine, loop: 0...47_999, frames: Int(seconds * Self.rate),
      parameters: [
        (SC_PARAM_CHORUS_VOICES, 1), (SC_PARAM_CHORUS_RATE, rate), (SC_PARAM_CHORUS_DEPTH, depth),
        (SC_PARAM_CHORUS_LEVEL, 1),
      ]
    ) { $0.effect.1 = 100 }.left
  }

  /// Upward zero crossings, located by linear interpolation, in frames.
  private func crossings(_ x: [Double]) -> [Double] {
    var found: [Double] = []
    for i in 1..<x.count where x[i - 1] < 0 && x[i] >= 0 {
      let fraction: Double = -x[i - 1] / (x[i] - x[i - 1])
      found.append(Double(i - 1) + fraction)
    }
    return found
  }

  @Test(
    "the delay swings depth ms either side of 7 ms", arguments: [(Float(0.5), Float(2)), (1, 4)])
  func delaySwing(rate: Float, depth: Float) {
    let period = Self.rate / Self.tone
    // the dry sine crosses upwards at whole periods; the wet one as many frames later as the delay
    let delays = crossings(wet(rate: rate, depth: depth, seconds: 3)).dropFirst(5).map {
      ($0.truncatingRemainder(dividingBy: period)) / Self.rate * 1_000
    }
    let swing = delays.max()! - delays.min()!
    let centre = (delays.max()! + delays.min()!) / 2
    #expect(abs(swing - 2 * Double(depth)) < 0.05 * Double(depth), "swing \(swing) ms")
    #expect(abs(centre - 7) < 0.1, "centre \(centre) ms")
  }

  @Test(
    "the pitch deviates by 1200 log2(1 + 2 pi rate depth) cents",
    arguments: [(Float(1), Float(2)), (3, 1.5)])
  func pitchDeviation(rate: Float, depth: Float) {
    let x = wet(rate: rate, depth: depth, seconds: 3)
    let track = Measure.centsByPeriod(x.map(Float.init), sampleRate: Self.rate, base: Self.tone)
      .dropFirst(5)
    let swing = 2 * Double.pi * Double(rate) * Double(depth) / 1_000
    let up = 1_200 * log2(1 + swing), down = 1_200 * log2(1 - swing)
    let highest = track.map(\.cents).max()!, lowest = track.map(\.cents).min()!
    // each period averages the deviation over 1/50 s of the sine: within 2% of its peak at 3 Hz
    #expect(abs(highest / up - 1) < 0.05, "highest \(highest) cents, expected \(up)")
    #expect(abs(lowest / down - 1) < 0.05, "lowest \(lowest) cents, expected \(down)")
  }
}
