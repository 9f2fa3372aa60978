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
}
