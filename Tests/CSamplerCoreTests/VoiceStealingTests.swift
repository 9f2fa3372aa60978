import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

@Suite("Voice stealing")
struct VoiceStealingTests {
  @Test("200 held notes on 64 voices: every onset is heard, no step above -30 dBFS, no NaN")
  func twoHundredNotes() {
    let rate = 48_000.0
    let level: Float = 0.2
    let h = CoreHarness(sampleRate: rate, voices: 64)
    h.load(samples: [([[Float](repeating: level, count: 1_000)], rate, nil)]) {
      (r: inout sc_region) in
      r.loop_mode = SC_LOOP_CONTINUOUS
      r.ampeg.attack = 0.005
    }
    // Velocities cycle through three values; 64 is not a multiple of 3, so a note never takes
    // the place of a voice at its own level and every onset changes the sum.
    let velocities: [UInt8] = [127, 100, 73]
    let spacing = 480
    let events = (0..<200).map {
      Event.noteOn(UInt8(20 + $0 % 100), velocities[$0 % 3], at: 1_000 + $0 * spacing)
    }
    let out = h.render(frames: 1_000 + 200 * spacing + 4_800, events: events).left
    #expect(!out.contains { $0.isNaN })
    let (step, at) = Measure.maxStep(out[...])
    #expect(Measure.dB(Double(step)) < -30, "step \(step) at frame \(at)")
    func gain(_ i: Int) -> Float {
      Float(velocities[i % 3]) * Float(velocities[i % 3]) / (127 * 127)
    }
    var heard = 0
    for i in 0..<200 {
      let onset = 1_000 + i * spacing
      let change = out[onset + 400] - out[onset - 1]
      let expected = level * (gain(i) - (i >= 64 ? gain(i - 64) : 0))
      if abs(change - expected) < abs(expected) * 0.25 { heard += 1 }
    }
    #expect(heard == 200, "\(heard) of 200 onsets changed the output as expected")
    #expect(h.stats.voices_stolen == 136)
    #expect(h.stats.notes_started == 200)
  }
}
