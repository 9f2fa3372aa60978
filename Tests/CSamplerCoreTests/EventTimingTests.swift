import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

@Suite("Sample-accurate events")
struct EventTimingTests {
  @Test("a note scheduled at frame k starts at output frame k", arguments: [1, 64, 256, 1_000])
  func noteOnsetFrame(blockSize: Int) {
    for k in [0, 1, 17, 63, 255, 999, 1_234, 3_001] {
      let h = CoreHarness(sampleRate: 48_000, blockSize: blockSize)
      h.load(samples: [([[Float](repeating: 0.5, count: 10_000)], 48_000, nil)]) { _ in }
      let out = h.render(frames: 4_096, events: [Event.noteOn(60, at: k)]).left
      #expect(Measure.onset(out) == k, "block \(blockSize), k \(k)")
    }
  }

  @Test("a note-off lands on its frame: the release starts there")
  func noteOffFrame() {
    let h = CoreHarness(sampleRate: 48_000, blockSize: 100)
    h.load(samples: [([[Float](repeating: 0.5, count: 10_000)], 48_000, nil)]) { r in
      r.ampeg.release = 0.01
    }
    let out = h.render(frames: 2_000, events: [Event.noteOn(60), Event.noteOff(60, at: 777)]).left
    #expect(abs(out[776] - 0.5) < 1e-6)
    #expect(abs(out[777] - 0.5) < 1e-6, "the release has not moved the level yet")
    #expect(out[778] < 0.5 - 1e-3, "the release is under way one frame later")
  }
}
