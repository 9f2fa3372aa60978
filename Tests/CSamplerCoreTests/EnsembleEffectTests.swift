import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// An ensemble's shared reverb and chorus (sc_ensemble_set_effect, sc_ensemble_render_returns):
/// every engine's sends feed one reverb and one chorus, whose returns come out on their own and
/// join the mix, so the channels' stems and the two returns add up to the mix; with nothing sent
/// the mix is the stems' sum bit for bit, as before effects existed.
@Suite("Ensemble effects")
struct EnsembleEffectTests {
  static let rate = EffectRenders.sampleRate
  static let block = 256

  struct Render {
    var mix: [[Float]] = [[], []]
    var stems: [[[Float]]] = Array(repeating: [[], []], count: 16)
    var returns: [[[Float]]] = Array(repeating: [[], []], count: Int(SC_SEND_BUSES))
  }

  /// Two engines, channel 0 playing a click on the first and channel 1 a sine on the second, each
  /// region configured by `first` and `second`, with the ensemble's `effects` set.
  private func render(
    frames: Int, effects: [(sc_param, Float)] = [], engineParameters: [(sc_param, Float)] = [],
    threads: UInt32 = 1, first: @escaping (inout sc_region) -> Void,
    second: @escaping (inout sc_region) -> Void
  ) -> Render {
    let a = CoreHarness(sampleRate: Self.rate, blockSize: Self.block)
    a.load(samples: [([EffectRenders.click], Self.rate, nil)], first)
    let tone = Synth.sine(frequency: 330, sampleRate: Self.rate, frames: 12_000)
    let b = CoreHarness(sampleRate: Self.rate, blockSize: Self.block)
    b.load(samples: [([tone], Self.rate, nil)], second)
    for (p, v) in engineParameters {
      _ = sc_engine_set_parameter(a.engine, p, v)
      _ = sc_engine_set_parameter(b.engine, p, v)
    }
    let ensemble = sc_ensemble_create(UInt32(Self.block))!
    defer { sc_ensemble_destroy(ensemble) }
    let team = threads > 1 ? sc_ensemble_team_create(threads) : nil
    defer { sc_ensemble_team_destroy(team) }
    #expect(sc_ensemble_add_engine(ensemble, a.engine) == 0)
    #expect(sc_ensemble_add_engine(ensemble, b.engine) == 1)
    sc_ensemble_assign_channel(ensemble, 0, 0)
    sc_ensemble_assign_channel(ensemble, 1, 1)
    for (p, v) in effects { #expect(sc_ensemble_set_effect(ensemble, p, v)) }
    var out = Render()
    let buffers = UnsafeMutablePointer<Float>.allocate(capacity: 34 * Self.block)
    defer { buffers.deallocate() }
    let stemLeft = (0..<16).map { Optional(buffers + (2 + $0) * Self.block) }
    let stemRight = (0..<16).map { Optional(buffers + (18 + $0) * Self.block) }
    let returns = UnsafeMutablePointer<Float>.allocate(capacity: 4 * Self.block)
    defer { returns.deallocate() }
    let returnLeft = [Optional(returns), Optional(returns + 2 * Self.block)]
    let returnRight = [Optional(returns + Self.block), Optional(returns + 3 * Self.block)]
    var done = 0
    while done < frames {
      var events: [sc_event] = []
      if done == 0 {
        events = [Event.noteOn(60, channel: 0), Event.noteOn(60, at: 100, channel: 1)]
      }
      _ = events.withUnsafeBufferPointer { ev in
        sc_ensemble_render_returns(
          ensemble, team, UInt32(Self.block), ev.baseAddress, UInt32(ev.count), buffers,
          buffers + Self.block, stemLeft, stemRight, returnLeft, returnRight, nil)
      }
      for side in 0..<2 {
        out.mix[side] += UnsafeBufferPointer(start: buffers + side * Self.block, count: Self.block)
        for c in 0..<16 {
          out.stems[c][side] += UnsafeBufferPointer(
            start: side == 0 ? stemLeft[c]! : stemRight[c]!, count: Self.block)
        }
        for bus in 0..<Int(SC_SEND_BUSES) {
          out.returns[bus][side] += UnsafeBufferPointer(
            start: side == 0 ? returnLeft[bus]! : returnRight[bus]!, count: Self.block)
        }
      }
      done += Self.block
    }
    return out
  }

  /// The stems summed in channel order, as the mix sums them.
  private func stemSum(_ r: Render, side: Int) -> [Float] {
    var sum = [Float](repeating: 0, count: r.mix[side].count)
    for c in 0..<16 { for i in sum.indices { sum[i] += r.stems[c][side][i] } }
    return sum
  }

  @Test("the stems and the reverb and chorus returns add up to the mix")
  func stemsAndReturnsAddUp() {
    let r = render(
      frames: 48_000, first: { $0.effect.0 = 100 },
      second: {
        $0.effect.0 = 40
        $0.effect.1 = 80
      })
    for bus in 0..<Int(SC_SEND_BUSES) {
      #expect(r.returns[bus][0].contains { $0 != 0 }, "bus \(bus) returns sound")
    }
    for side in 0..<2 {
      let stems = stemSum(r, side: side)
      var worst = 0.0
      for i in stems.indices {
        let parts: Double =
          Double(stems[i]) + Double(r.returns[0][side][i]) + Double(r.returns[1][side][i])
        worst = max(worst, abs(Double(r.mix[side][i]) - parts))
      }
      #expect(worst < 1e-6, "mix and stems + returns differ by up to \(worst)")
    }
  }

  @Test("one thread and a team of two give the same bytes, returns included")
  func team() {
    let send = { (r: inout sc_region) in
      r.effect.0 = 70
      r.effect.1 = 30
    }
    let one = render(frames: 24_000, first: send, second: send)
    let two = render(frames: 24_000, threads: 2, first: send, second: send)
    #expect(one.returns[0][0].contains { $0 != 0 })
    for side in 0..<2 {
      #expect(firstDifference(one.mix[side], two.mix[side]) == nil)
      for bus in 0..<Int(SC_SEND_BUSES) {
        #expect(firstDifference(one.returns[bus][side], two.returns[bus][side]) == nil)
      }
    }
  }

  @Test(
    "with nothing sent, or the effects off, the returns are zeros and the mix is the stems' sum bit for bit"
  )
  func nothingSent() {
    let silent = render(frames: 24_000, first: { _ in }, second: { _ in })
    let off = render(
      frames: 24_000, effects: [(SC_PARAM_EFFECTS, 0)], first: { $0.effect.0 = 100 },
      second: { $0.effect.1 = 100 })
    for r in [silent, off] {
      for side in 0..<2 {
        #expect(r.returns.allSatisfy { $0[side].allSatisfy { $0 == 0 } })
        #expect(firstDifference(r.mix[side], stemSum(r, side: side)) == nil)
      }
    }
  }

  @Test(
    "the ensemble's own reverb decay sets the return's RT60 at 1 kHz (within 10%), not the engines'"
  )
  func sharedReverbSettings() {
    for decay: Float in [1, 2.5] {
      let r = render(
        frames: Int(Double(decay) * 2 * Self.rate) + 24_000,
        effects: [(SC_PARAM_REVERB_DECAY, decay), (SC_PARAM_REVERB_DAMPING, 1)],
        engineParameters: [(SC_PARAM_REVERB_DECAY, 0.3)], first: { $0.effect.0 = 100 },
        second: { _ in })
      let band = RoomAcoustics.octaveBand(r.returns[0][0], center: 1_000, sampleRate: Self.rate)
      let rt60 = RoomAcoustics.rt60(band, sampleRate: Self.rate)
      #expect(abs(rt60 / Double(decay) - 1) < 0.1, "RT60 \(rt60) s for \(decay) s")
    }
  }
}
