import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

@Suite("Controllers and playing modes")
struct ControllerTests {
  static let rate = 48_000.0
  static let dc = [Float](repeating: 0.5, count: 4_800)
  static let tone = Synth.sine(frequency: 375, sampleRate: rate, frames: 12_800)

  /// A looped constant (the output shows the gain) or a looped 375 Hz tone on key 60.
  private func harness(
    tone: Bool = false, _ configure: @escaping (inout sc_region) -> Void = { _ in }
  )
    -> CoreHarness
  {
    let h = CoreHarness(sampleRate: Self.rate)
    h.load(samples: [([tone ? Self.tone : Self.dc], Self.rate, nil)]) { r in
      r.loop_mode = SC_LOOP_CONTINUOUS
      r.ampeg.release = 0.05
      configure(&r)
    }
    return h
  }

  /// Frames until a 50 ms release has ended: it falls 69.5 dB per 50 ms (corpus/spec
  /// opcodes/ampeg_attack.md) and the voice ends 100 dB down, plus one control step.
  static let releaseFrames = Int(0.05 * log(1e5) / 8 * rate) + 32

  @Test("the sustain pedal holds released notes and lets them go when lifted")
  func sustainPedal() {
    let h = harness()
    let out = h.render(
      frames: 24_000,
      events: [
        Event.cc(64, 127), Event.noteOn(60), Event.noteOff(60, at: 4_800),
        Event.cc(64, 0, at: 12_000),
      ]
    ).left
    #expect(abs(out[11_999] - 0.5) < 1e-5, "held by the pedal after the note-off")
    #expect(out[12_001] < 0.5, "released at the pedal-up frame")
    #expect(out[12_000 + Self.releaseFrames] == 0, "the 50 ms release has ended")
  }

  @Test("volume and expression follow the MIDI curve; pan moves the level between sides")
  func volumeExpressionPan() {
    let h = harness()
    let out = h.render(
      frames: 9_600, events: [Event.cc(7, 64), Event.cc(11, 100), Event.noteOn(60)])
    let expected = Measure.dB(0.5 * pow(64.0 / 127, 2) * pow(100.0 / 127, 2))
    #expect(abs(Measure.dB(Double(out.left[9_000])) - expected) < 0.1)
    let panned = harness().render(frames: 4_800, events: [Event.cc(10, 0), Event.noteOn(60)])
    #expect(abs(panned.right[4_000]) < 1e-6, "hard left: nothing on the right")
    #expect(abs(Measure.dB(Double(panned.left[4_000] / 0.5)) - 3.01) < 0.1, "equal power")
  }

  @Test("all-sound-off silences at once without a click; all-notes-off releases")
  func allSoundAndNotesOff() {
    let h = harness()
    let out = h.render(frames: 9_600, events: [Event.noteOn(60), Event.cc(120, 0, at: 4_800)]).left
    #expect(out[4_800 + 480] == 0, "silent 10 ms later")
    #expect(Measure.maxStep(out[4_700...]).step < 0.01, "faded, not cut")
    let released = harness().render(
      frames: 9_600, events: [Event.noteOn(60), Event.noteOn(64), Event.cc(123, 0, at: 4_800)]
    ).left
    #expect(released[4_800 + 1_200] > 0, "still in its 50 ms release after 25 ms")
    #expect(released[4_800 + Self.releaseFrames] == 0, "released")
  }

  @Test("mono mode keeps one voice per channel")
  func monophonic() {
    let h = harness()
    _ = h.render(
      frames: 4_800,
      events: [
        Event.parameter(SC_PARAM_MONOPHONIC, 1), Event.noteOn(60), Event.noteOn(64, at: 1_000),
        Event.noteOn(67, at: 2_000),
      ])
    #expect(h.stats.active_voices == 1)
  }

  @Test("legato with glide slides the pitch without restarting the note")
  func legatoGlide() {
    let h = harness(tone: true) { r in r.ampeg.attack = 0.02 }
    let out = h.render(
      frames: 48_000,
      events: [
        Event.parameter(SC_PARAM_MONOPHONIC, 1), Event.parameter(SC_PARAM_LEGATO, 1),
        Event.parameter(SC_PARAM_GLIDE_RATE, 0.2), Event.noteOn(60), Event.noteOn(72, at: 9_600),
      ]
    ).left
    let before = Measure.frequency(out, sampleRate: Self.rate, in: 4_800..<9_600)
    let during = Measure.frequency(out, sampleRate: Self.rate, in: 12_000..<14_400)
    let after = Measure.frequency(out, sampleRate: Self.rate, in: 24_000..<48_000)
    #expect(abs(Measure.cents(before, from: 375)) < 1)
    #expect(during > 375 * 1.1 && during < 750 * 0.95, "gliding: \(during) Hz")
    #expect(abs(Measure.cents(after, from: 750)) < 1, "arrived an octave up after 0.2 s")
    #expect(Measure.peak(out[9_600..<10_560]) > 0.45, "no new attack at the second note")
    #expect(h.stats.notes_started == 1)
  }

  /// Pitch in cents against 375 Hz, measured over every single period of `out`.
  private func periodCents(_ out: [Float]) -> [Double] {
    var crossings: [Double] = []
    for i in 1..<out.count where out[i - 1] < 0 && out[i] >= 0 {
      crossings.append(Double(i - 1) + Double(-out[i - 1] / (out[i] - out[i - 1])))
    }
    return zip(crossings, crossings.dropFirst()).map {
      Measure.cents(Self.rate / ($1 - $0), from: 375)
    }
  }

  /// SFZ modulates pitch only through the opcodes an instrument names (tutorials/lfo.md in
  /// corpus/spec writes `pitchlfo_depth_oncc1=200` to get a mod-wheel vibrato); CC1 alone is
  /// silent, as in ARIA.
  @Test("the mod wheel alone adds no vibrato: pitch stays within 0.5 cents")
  func modWheelAddsNothing() {
    let out = harness(tone: true).render(
      frames: 48_000, events: [Event.cc(1, 127), Event.noteOn(60)]
    )
    .left
    let cents = periodCents(out)
    #expect(
      (cents.max() ?? 99) < 0.5 && (cents.min() ?? -99) > -0.5,
      "\(cents.min() ?? 0)...\(cents.max() ?? 0)")
  }

  @Test("vibratoDepth adds a vibrato of that depth to every voice, with the mod wheel down")
  func vibratoParameter() {
    let out = harness(tone: true).render(
      frames: 96_000, events: [Event.parameter(SC_PARAM_VIBRATO_DEPTH, 50), Event.noteOn(60)]
    ).left
    let cents = periodCents(out)
    #expect(abs((cents.max() ?? 0) - 50) < 5, "top \(cents.max() ?? 0) cents")
    #expect(abs((cents.min() ?? 0) + 50) < 5, "bottom \(cents.min() ?? 0) cents")
  }
}
