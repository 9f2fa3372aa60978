import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// The sends into the engine's reverb: SFZ's effect1 is "level of effect1 send, in percentage"
/// (corpus/spec data/sfz/syntax.yml; opcodes/effect1.md), so effect1=50 feeds the bus half the
/// amplitude effect1=100 does, and the reverb being linear, returns half: -6.02 dB. General MIDI's
/// channel sends (SC_PARAM_CHANNEL_SENDS) add 20% x CC91/127 to it (the SoundFont 2.04 default
/// modulator CC91 -> reverb send, amount 200: section 8.4.8), 40 until CC91 is sent (GM2's
/// power-on value). Without sends, or with the effects bypassed, the output is the dry mix bit
/// for bit.
@Suite("Effect sends")
struct EffectSendTests {
  static let frames = 48_000

  private func reverb(
    parameters: [(sc_param, Float)] = [], events: [sc_event] = [Event.noteOn(60)],
    _ send: @escaping (inout sc_region) -> Void
  ) -> [Float] {
    let out = EffectRenders.render(
      sample: EffectRenders.click, frames: Self.frames, parameters: parameters, events: events,
      send)
    return out.left + out.right
  }

  private func difference(_ a: [Float], _ b: [Float]) -> [Double] {
    zip(a, b).map { Double($0) - Double($1) }
  }

  private func rms(_ x: [Double]) -> Double {
    (x.reduce(0) { $0 + $1 * $1 } / Double(x.count)).squareRoot()
  }

  @Test("effect1=50 returns the reverb 6.02 dB below effect1=100, frame by frame")
  func halfSend() throws {
    let dry = reverb { _ in }
    let full = difference(reverb { $0.effect.0 = 100 }, dry)
    let half = difference(reverb { $0.effect.0 = 50 }, dry)
    #expect(rms(full) > 1e-3, "the reverb returns something")
    let ratio = Measure.dB(rms(half) / rms(full))
    #expect(abs(ratio - Measure.dB(0.5)) < 0.01, "\(ratio) dB")
    let worst = zip(half, full).map { abs($0 - 0.5 * $1) }.max() ?? 0
    #expect(worst < 1e-6, "frames differ from half by up to \(worst)")
  }

  @Test(
    "effect2=50 feeds its bus half the voice's amplitude: a still one-voice chorus returns -6.02 dB"
  )
  func absoluteSend() {
    // one voice, no depth, level 1: the chorus returns its bus delayed by 7 ms, gain 1
    let tone = Synth.sine(frequency: 50, sampleRate: EffectRenders.sampleRate, frames: 48_000)
    let still: [(sc_param, Float)] = [
      (SC_PARAM_CHORUS_VOICES, 1), (SC_PARAM_CHORUS_DEPTH, 0), (SC_PARAM_CHORUS_LEVEL, 1),
    ]
    let dry = EffectRenders.render(
      sample: tone, loop: 0...47_999, frames: Self.frames, parameters: still
    ) { _ in }.left
    let wet = EffectRenders.wet(
      sample: tone, loop: 0...47_999, frames: Self.frames, parameters: still
    ) { $0.effect.1 = 50 }.left
    let steady = 4_800..<Self.frames
    let ratio = Measure.dB(rms(Array(wet[steady])) / rms(dry[steady].map(Double.init)))
    #expect(abs(ratio - Measure.dB(0.5)) < 0.01, "\(ratio) dB")
  }

  @Test("no send, or the effects bypassed, leave the output the dry mix bit for bit")
  func nothingSent() {
    let dry = reverb { _ in }
    #expect(firstDifference(reverb { $0.effect.0 = 0 }, dry) == nil)
    #expect(
      firstDifference(reverb(parameters: [(SC_PARAM_EFFECTS, 0)]) { $0.effect.0 = 100 }, dry) == nil
    )
    let bypassed = reverb(parameters: [(SC_PARAM_EFFECTS, 0), (SC_PARAM_CHANNEL_SENDS, 1)]) {
      $0.effect.0 = 100
      $0.effect.1 = 100
    }
    #expect(firstDifference(bypassed, dry) == nil)
    // turned off mid-tail, the effects stop at once, sounding voices' sends included
    let off = 12_000
    let stopped = EffectRenders.render(
      sample: EffectRenders.click, frames: Self.frames,
      events: [Event.noteOn(60), Event.parameter(SC_PARAM_EFFECTS, 0, at: off)]
    ) { $0.effect.0 = 100 }
    let plain = EffectRenders.render(sample: EffectRenders.click, frames: Self.frames) { _ in }
    #expect(stopped.left[..<off].contains { $0 != 0 }, "the reverb sounded before")
    #expect(firstDifference(Array(stopped.left[off...]), Array(plain.left[off...])) == nil)
  }

  @Test("channel sends: CC91 at its power-on 40, and CC91=127 sends as effect1=20 does")
  func channelSends() {
    let dry = reverb { _ in }
    let fifth = difference(reverb { $0.effect.0 = 20 }, dry)
    let on: [(sc_param, Float)] = [(SC_PARAM_CHANNEL_SENDS, 1), (SC_PARAM_CHORUS_LEVEL, 0)]
    let powerOn = difference(reverb(parameters: on) { _ in }, dry)
    let ratio = Measure.dB(rms(powerOn) / rms(fifth))
    #expect(abs(ratio - Measure.dB(40.0 / 127)) < 0.01, "\(ratio) dB")
    let cc = reverb(parameters: on, events: [Event.cc(91, 127), Event.noteOn(60)]) { _ in }
    let same = difference(cc, dry) == fifth
    #expect(same, "CC91=127 returns what effect1=20 does")
    // the sum is capped at 1: with effect1=90 on top of it, as effect1=100
    let capped = reverb(parameters: on, events: [Event.cc(91, 127), Event.noteOn(60)]) {
      $0.effect.0 = 90
    }
    #expect(firstDifference(capped, reverb { $0.effect.0 = 100 }) == nil)
  }
}
