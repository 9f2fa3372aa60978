import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

@Suite("Pitch")
struct PitchTests {
  /// A 1 s 440 Hz sine recorded at `sampleRate`, mapped with its root on A4 (69).
  private func sineHarness(sampleRate: Double, outputRate: Double) -> CoreHarness {
    let harness = CoreHarness(sampleRate: outputRate)
    let sine = Synth.sine(frequency: 440, sampleRate: sampleRate, frames: Int(sampleRate))
    harness.load(samples: [([sine], sampleRate, nil)]) { (r: inout sc_region) in
      r.pitch_keycenter = 69
    }
    return harness
  }

  @Test(
    "a sine plays within 0.5 cent over five octaves at every sample and output rate",
    arguments: [44_100.0, 48_000.0], [44_100.0, 48_000.0, 96_000.0])
  func pitchAcrossRates(sampleRate: Double, outputRate: Double) {
    for key in stride(from: 45, through: 105, by: 12) {
      let harness = sineHarness(sampleRate: sampleRate, outputRate: outputRate)
      let expected = 440 * pow(2, Double(key - 69) / 12)
      let seconds = min(1.0, 0.9 * pow(2, Double(69 - key) / 12))
      let frames = Int(seconds * outputRate)
      let out = harness.render(frames: frames, events: [Event.noteOn(UInt8(key))])
      let margin = Int(0.01 * outputRate)
      let measured = Measure.frequency(
        out.left, sampleRate: outputRate, in: margin..<frames - margin)
      let error = Measure.cents(measured, from: expected)
      #expect(abs(error) < 0.5, "key \(key) \(sampleRate)->\(outputRate): \(error) cents")
    }
  }

  @Test("pitch bend moves the pitch by the region's bend range")
  func pitchBend() {
    let harness = sineHarness(sampleRate: 48_000, outputRate: 48_000)
    let out = harness.render(
      frames: 24_000, events: [Event.bend(8191), Event.noteOn(69, at: 0)])
    let measured = Measure.frequency(out.left, sampleRate: 48_000, in: 1_000..<23_000)
    #expect(abs(Measure.cents(measured, from: 440 * pow(2, 2.0 / 12))) < 0.5)
    let down = sineHarness(sampleRate: 48_000, outputRate: 48_000)
    let low = down.render(frames: 24_000, events: [Event.bend(-8192), Event.noteOn(69)])
    let lowMeasured = Measure.frequency(low.left, sampleRate: 48_000, in: 1_000..<23_000)
    #expect(abs(Measure.cents(lowMeasured, from: 440 * pow(2, -2.0 / 12))) < 0.5)
  }

  @Test("the per-note tuning table retunes a key")
  func noteFrequency() {
    let harness = sineHarness(sampleRate: 48_000, outputRate: 48_000)
    let retune = sc_event(
      frame: 0, type: UInt8(SC_EVENT_NOTE_FREQUENCY.rawValue), channel: 0, data1: 72, data2: 0,
      value: 0, number: 520)
    let out = harness.render(frames: 24_000, events: [retune, Event.noteOn(72)])
    let measured = Measure.frequency(out.left, sampleRate: 48_000, in: 1_000..<23_000)
    #expect(abs(Measure.cents(measured, from: 520)) < 0.5)
  }

  /// A whole tuning handed over from the control thread (sc_engine_set_tuning) is taken at the
  /// start of the next render call: the held note moves to its key's new pitch there, and a key
  /// left unmapped (a Scala keyboard mapping's x) starts nothing, its release samples included.
  @Test func wholeTuningRetunesHeldNotesAndSilencesUnmappedKeys() {
    let harness = CoreHarness()
    let sine = Synth.sine(frequency: 440, sampleRate: 48_000, frames: 48_000)
    harness.load(
      samples: [([sine], 48_000, nil)],
      regions: [
        { r in r.pitch_keycenter = 69 },
        { r in
          r.pitch_keycenter = 69
          r.trigger = SC_TRIGGER_RELEASE
        },
      ])
    let first = harness.render(frames: 12_000, events: [Event.noteOn(69)])
    #expect(
      abs(
        Measure.cents(
          Measure.frequency(first.left, sampleRate: 48_000, in: 500..<12_000), from: 440)) < 0.5)
    var cents = (0..<128).map { 100 * Double($0) }
    cents[69] = 6_925
    var mapped = [Bool](repeating: true, count: 128)
    mapped[70] = false
    sc_engine_set_tuning(harness.engine, cents, mapped)
    let second = harness.render(frames: 12_000)
    let moved = Measure.frequency(second.left, sampleRate: 48_000, in: 0..<12_000)
    #expect(abs(Measure.cents(moved, from: 440 * pow(2, 25.0 / 1_200))) < 0.5, "\(moved) Hz")
    let started = harness.stats.notes_started
    _ = harness.render(
      frames: 4_800,
      events: [Event.noteOff(69), Event.noteOn(70, at: 2_400), Event.noteOff(70, at: 3_600)])
    #expect(harness.stats.notes_started == started + 1, "only 69's release sample started")
  }
}
