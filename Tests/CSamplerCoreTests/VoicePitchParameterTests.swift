import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// The engine's pitch envelope and voice vibrato (sampler_core.h, sc_param 24...31): the
/// envelope moves every voice by SC_PARAM_PITCH_ENVELOPE_SEMITONES times its level (attack
/// linear from 0, decay and release on the region envelopes' curve); each voice's own vibrato
/// swings by its depth in cents at its rate, starting at phase 0 with its note when
/// SC_PARAM_RESTART_VOICE_LFO is 1, else where the engine's free-running phase is.
@Suite("Engine pitch envelope and voice vibrato")
struct VoicePitchParameterTests {
  static let rate = 48_000.0
  /// 375 Hz, 128 frames a period: 100 whole periods loop seamlessly.
  static let tone = Synth.sine(frequency: 375, sampleRate: rate, frames: 12_800)

  static func render(frames: Int, _ events: [sc_event]) -> [Float] {
    let h = CoreHarness(sampleRate: rate)
    h.load(samples: [([tone], rate, nil)]) { r in
      r.loop_mode = SC_LOOP_CONTINUOUS
      r.ampeg.release = 2
    }
    return h.render(frames: frames, events: events).left
  }

  /// Each period's pitch in cents against the tone, averaged over the periods whose middle lies
  /// within `seconds` plus or minus `window` frames.
  static func cents(
    _ track: [(frame: Double, cents: Double)], at seconds: Double, window: Double = 120
  )
    -> Double
  {
    let centre = seconds * rate
    let near = track.filter { abs($0.frame - centre) <= window }.map(\.cents)
    return near.reduce(0, +) / Double(near.count)
  }

  @Test(
    "the pitch envelope moves the voice by semitones x its level: attack, sustain, release",
    arguments: [12.0, -12.0])
  func pitchEnvelope(semitones: Double) {
    let out = Self.render(
      frames: 96_000,
      [
        Event.parameter(SC_PARAM_PITCH_ENVELOPE_SEMITONES, Float(semitones)),
        Event.parameter(SC_PARAM_PITCH_ATTACK, 0.5), Event.parameter(SC_PARAM_PITCH_DECAY, 0.2),
        Event.parameter(SC_PARAM_PITCH_SUSTAIN, 0.25),
        Event.parameter(SC_PARAM_PITCH_RELEASE, 0.3), Event.noteOn(60),
        Event.noteOff(60, at: 72_000),
      ])
    let track = Measure.centsByPeriod(out, sampleRate: Self.rate, base: 375)
    let sign = semitones > 0 ? 1.0 : -1.0
    // halfway up the linear attack: 6 semitones
    let attack = Self.cents(track, at: 0.25)
    // the pitch steps every 32 frames (0.8 cents of this line) and the periods averaged lie
    // unevenly around the time
    #expect(abs(attack - sign * 600) < 2, "\(attack) cents at 0.25 s")
    // the decay reaches sustain 0.25 after 0.2 s x ln 4 / 8: 3 semitones
    let sustain = Self.cents(track, at: 1.0)
    #expect(abs(sustain - sign * 300) < 0.5, "\(sustain) cents at 1 s")
    // 50 ms into the release, which falls 8 nepers per 0.3 s
    let expected = sign * 300 * exp(-8 * 0.05 / 0.3)
    let release = Self.cents(track, at: 1.55)
    #expect(abs(release - expected) < 3, "\(release) cents 50 ms into the release")
  }

  @Test("at 0 semitones the pitch envelope leaves the output bit-identical")
  func pitchEnvelopeOffIsNeutral() {
    let plain = Self.render(frames: 24_000, [Event.noteOn(60), Event.noteOff(60, at: 12_000)])
    let off = Self.render(
      frames: 24_000,
      [
        Event.parameter(SC_PARAM_PITCH_ATTACK, 0.5), Event.parameter(SC_PARAM_PITCH_SUSTAIN, 1),
        Event.noteOn(60), Event.noteOff(60, at: 12_000),
      ])
    #expect(firstDifference(off, plain) == nil)
  }

  @Test("the voice vibrato swings by its depth in cents at its rate")
  func voiceVibrato() {
    let out = Self.render(
      frames: 96_000,
      [
        Event.parameter(SC_PARAM_VOICE_VIBRATO_DEPTH, 50),
        Event.parameter(SC_PARAM_VOICE_VIBRATO_RATE, 4), Event.noteOn(60),
      ])
    let track = Measure.centsByPeriod(out, sampleRate: Self.rate, base: 375).filter {
      $0.frame > 4_800
    }
    let top = track.map(\.cents).max() ?? 0
    let bottom = track.map(\.cents).min() ?? 0
    // a period (2.7 ms) averages the swing over 4 degrees of it at 4 Hz: 0.05 % below the peak
    #expect(abs(top - 50) < 1, "top \(top) cents")
    #expect(abs(bottom + 50) < 1, "bottom \(bottom) cents")
    // upward crossings of the centre line: 4 a second
    let ups = zip(track, track.dropFirst()).filter { $0.cents < 0 && $1.cents >= 0 }
    let seconds = (ups.last!.1.frame - ups.first!.1.frame) / Self.rate
    let hz = Double(ups.count - 1) / seconds
    #expect(abs(hz - 4) < 0.01, "\(hz) Hz")
  }

  @Test(
    "restart 1 starts a voice's vibrato at phase 0 with its note; 0 where the engine's phase is",
    arguments: [1.0, 0.0])
  func restartVoiceLFO(restart: Double) {
    // the note starts 0.1 s in: half a period of the engine's 5 Hz free-running phase
    let start = 4_800
    let out = Self.render(
      frames: 24_000,
      [
        Event.parameter(SC_PARAM_VOICE_VIBRATO_DEPTH, 50),
        Event.parameter(SC_PARAM_RESTART_VOICE_LFO, Float(restart)),
        Event.noteOn(60, at: start),
      ])
    let track = Measure.centsByPeriod(out, sampleRate: Self.rate, base: 375).filter {
      $0.frame > Double(start)
    }
    // 50 sin from phase 0 at the note's start, or from 0.5 (the engine's phase then)
    func error(phase: Double) -> Double {
      track.map { point in
        let model = 50 * sin(2 * .pi * (phase + 5 * (point.frame - Double(start)) / Self.rate))
        return abs(point.cents - model)
      }.max() ?? .infinity
    }
    let own = error(phase: restart > 0.5 ? 0 : 0.5)
    let other = error(phase: restart > 0.5 ? 0.5 : 0)
    // the pitch holds for each 64-frame control step (SC_CONTROL_FRAMES): half a step behind the
    // steepest point of 50 sin(2 pi 5 t), 50 x 2 pi x 5 x 32 / 48,000 = 1.05 cents
    #expect(own < 1.2, "\(own) cents off its model")
    #expect(other > 90, "the other phase is \(other) cents off")
  }

  /// A vibrato of depth 0 is still kept in step (dsp/lazy_phase.h works its phase out only when
  /// it is heard): turned up 0.55 s into a note, it is where 5 Hz from the note's start puts it,
  /// not where it was when it went quiet or where its last chunk left it.
  @Test("a vibrato turned up mid-note carries on from the phase its rate has reached")
  func vibratoTurnedUpKeepsItsPhase() {
    let up = 26_400
    let out = Self.render(
      frames: 48_000,
      [
        Event.parameter(SC_PARAM_RESTART_VOICE_LFO, 1), Event.noteOn(60),
        Event.parameter(SC_PARAM_VOICE_VIBRATO_DEPTH, 50, at: up),
      ])
    let track = Measure.centsByPeriod(out, sampleRate: Self.rate, base: 375).filter {
      $0.frame > Double(up + 480)
    }
    let error =
      track.map { point in
        abs(point.cents - 50 * sin(2 * .pi * 5 * point.frame / Self.rate))
      }.max() ?? .infinity
    // within the 1.05 cents a held control step makes, as above
    #expect(error < 1.2, "\(error) cents off 50 sin(2 pi 5 t) from the note's start")
  }
}
