import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

@Suite("Looping")
struct LoopTests {
  static let rate = 48_000.0
  /// 375 Hz has a period of exactly 128 frames at 48 kHz, so a loop of whole periods is seamless.
  static let sine = Synth.sine(frequency: 375, sampleRate: rate, frames: 128 * 200)
  static let loop = (128 * 50)...(128 * 150 - 1)

  private func harness(_ quality: sc_quality) -> CoreHarness {
    let h = CoreHarness(sampleRate: Self.rate, quality: quality)
    h.load(samples: [([Self.sine], Self.rate, nil)]) { (r: inout sc_region) in
      r.pitch_keycenter = 60
      r.tune = 37  // a non-integer playback increment
      r.loop_mode = SC_LOOP_CONTINUOUS
      r.loop_start = UInt64(Self.loop.lowerBound)
      r.loop_end = UInt64(Self.loop.upperBound)
    }
    return h
  }

  @Test(
    "a looped sine held 10 s has no step larger than the ideal sine's (within 5%)",
    arguments: [SC_QUALITY_LINEAR, SC_QUALITY_HERMITE, SC_QUALITY_SINC])
  func seamIsClean(quality: sc_quality) {
    let h = harness(quality)
    let frames = Int(10 * Self.rate)
    let out = h.render(frames: frames, events: [Event.noteOn(60)])
    let frequency = 375 * pow(2, 37.0 / 1200)
    let ideal = Float(2 * 0.5 * sin(Double.pi * frequency / Self.rate))
    let (step, at) = Measure.maxStep(out.left[100...])
    #expect(step <= ideal * 1.05, "step \(step) at frame \(at), ideal \(ideal)")
    #expect(step >= ideal * 0.9, "the note must actually sound")
    #expect(!out.left.contains { $0.isNaN })
  }

  @Test("a looped note is still in tune after 10 minutes")
  func tenMinutesInTune() {
    let h = harness(SC_QUALITY_HERMITE)
    let blocks = Int(600 * Self.rate) / h.blockSize
    _ = h.render(frames: h.blockSize, events: [Event.noteOn(60)])
    for _ in 1..<blocks { _ = h.render(frames: h.blockSize) }
    let out = h.render(frames: Int(Self.rate))
    let measured = Measure.frequency(out.left, sampleRate: Self.rate)
    let error = Measure.cents(measured, from: 375 * pow(2, 37.0 / 1200))
    #expect(abs(error) < 0.05, "\(error) cents after 10 minutes")
  }

  @Test("a sustain loop stops at release and the sample plays out to its end")
  func sustainLoopPlaysOut() {
    let h = CoreHarness(sampleRate: Self.rate)
    h.load(samples: [([Self.sine], Self.rate, nil)]) { (r: inout sc_region) in
      r.loop_mode = SC_LOOP_SUSTAIN
      r.loop_start = UInt64(Self.loop.lowerBound)
      r.loop_end = UInt64(Self.loop.upperBound)
      r.ampeg.release = 10
    }
    let offAt = 48_000
    let out = h.render(frames: 96_000, events: [Event.noteOn(60), Event.noteOff(60, at: offAt)])
    // Without the loop, the voice ends when it passes the sample's last frame (25,600 frames).
    let tail = out.left[offAt...]
    let lastSound = tail.lastIndex { abs($0) > 1e-4 } ?? offAt
    #expect(lastSound > offAt)
    #expect(lastSound - offAt <= Self.sine.count)
    #expect(Measure.peak(out.left[(offAt - 1_000)..<offAt]) > 0.4, "looping while held")
  }

  @Test("loop points from the sample file are used when the region gives none")
  func fileLoopPoints() {
    let h = CoreHarness(sampleRate: Self.rate)
    h.load(samples: [([Self.sine], Self.rate, Self.loop)]) { (r: inout sc_region) in
      r.loop_mode = SC_LOOP_CONTINUOUS
    }
    let out = h.render(frames: 96_000, events: [Event.noteOn(60)])
    #expect(Measure.peak(out.left[90_000...]) > 0.45, "still sounding long after the sample's end")
  }
}
