import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// An instrument's `<effect>` chains in a render by channel, the one an ensemble runs for a
/// song (sampler_core.h, sc_engine_render_channels): they work on the whole instrument, so an
/// instrument played on one channel has its chained sound in that channel's output, the same
/// as a whole render of it gives, echoes and reverb tail included.
@Suite("Effect chains by channel")
struct EffectChainChannelTests {
  static let frames = 48_000

  /// Notes on `channels` in turn, each held 0.25 s, the last let go at 0.6 s.
  private func events(channels: [UInt8]) -> [sc_event] {
    var events: [sc_event] = []
    for (i, key) in [52, 59, 64, 71].enumerated() {
      let channel = channels[i % channels.count]
      events.append(Event.noteOn(UInt8(key), 100, at: i * 4_800, channel: channel))
      events.append(Event.noteOff(UInt8(key), at: i * 4_800 + 12_000, channel: channel))
    }
    return events
  }

  private func whole(_ events: [sc_event]) -> (left: [Float], right: [Float]) {
    let h = CoreHarness(sampleRate: 48_000, blockSize: 256, voices: 32)
    #expect(sc_engine_set_instrument(h.engine, EffectChainInstrument.make(delay: 0.03)))
    return h.render(frames: Self.frames, events: events)
  }

  private func byChannel(_ events: [sc_event]) -> (left: [[Float]], right: [[Float]]) {
    let h = CoreHarness(sampleRate: 48_000, blockSize: 256, voices: 32)
    #expect(sc_engine_set_instrument(h.engine, EffectChainInstrument.make(delay: 0.03)))
    let out = h.renderChannels(frames: Self.frames, events: events)
    return (out.left, out.right)
  }

  /// Summing voices by channel instead of by mix group changes only the float rounding, which
  /// the chain's lofi (bitred=20: a grid of 2 / 2^13, config.h SC_LOFI_*) may turn into one step
  /// of its grid, and the +6 dB eq after it into twice that.
  static let lofiStep = 2 * 2 / pow(2, 13.0)

  /// The largest difference between `a` and `b`.
  private func difference(_ a: [Float], _ b: [Float]) -> Double {
    zip(a, b).map { abs(Double($0) - Double($1)) }.max() ?? 0
  }

  @Test("one channel's output is the instrument's whole chained render, tail included")
  func oneChannel() {
    let events = events(channels: [3])
    let reference = whole(events)
    let channels = byChannel(events)
    // the chain (lofi, eq, gain on main; a delay and a reverb on fx1) changes the voices far
    // more than a step of its grid
    #expect(difference(channels.left[3], reference.left) <= Self.lofiStep)
    #expect(difference(channels.right[3], reference.right) <= Self.lofiStep)
    let tail = 3 * 4_800 + 12_000 + 4_800..<Self.frames
    #expect(Measure.rmsDB(channels.left[3][tail]) > -60, "the echoes and the reverb ring on")
    for c in 0..<16 where c != 3 { #expect(channels.left[c].allSatisfy { $0 == 0 }) }
  }

  @Test("played on two channels at once, the channels add up to the whole render")
  func twoChannels() {
    let events = events(channels: [1, 6])
    let reference = whole(events)
    let channels = byChannel(events)
    let left = zip(channels.left[1], channels.left[6]).map { $0 + $1 }
    let right = zip(channels.right[1], channels.right[6]).map { $0 + $1 }
    #expect(difference(left, reference.left) <= Self.lofiStep)
    #expect(difference(right, reference.right) <= Self.lofiStep)
    // what the chains change goes to the lowest channel playing, and while they ring on after
    // the notes to the channel they went to last: the last note is channel 6's, alone
    let after = 3 * 4_800 + 12_000 + 4_800..<Self.frames
    #expect(channels.left[1][after].allSatisfy { $0 == 0 })
    #expect(Measure.rmsDB(channels.left[6][after]) > -60)
  }
}
