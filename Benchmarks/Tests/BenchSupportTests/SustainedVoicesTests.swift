import BenchSupport
import Foundation
import MIDIFile
import SFZSampler
import SongPlayback
import Testing

/// The whole-process workload must hold the voices it claims, each sounding, for as long as it
/// says.
struct SustainedVoicesTests {
  @Test(arguments: [false, true])
  func holdsEveryVoiceUntilTheEnd(filter: Bool) throws {
    let fixture = try SustainedVoices(voices: 256, seconds: 0.5)
    defer { fixture.remove() }
    let sampler = Sampler(sampleRate: 48_000, maximumPolyphony: 256)
    let report = try sampler.loadInstrument(url: fixture.instrument(filter: filter))
    #expect(report.regionCount == 256)
    let midi = try MIDIFile(contentsOf: fixture.song)
    let schedule = EventSchedule.make(song: midi, sampleRate: 48_000)
    var voices: [Int] = []
    var peak: Float = 0
    let frames = SongRenderer(sampler: sampler).render(schedule, tailFrames: 0) { block in
      voices.append(sampler.activeVoices)
      for value in block.left { peak = max(peak, abs(value)) }
      return true
    }
    #expect(frames == 24_001, "the song ends with its note-offs, half a second in")
    #expect(voices.dropLast().allSatisfy { $0 == 256 }, "256 voices until the note-offs")
    #expect(sampler.peakVoices == 256)
    // 256 voices at -30 dB and channel volume 100 (-4.1 dB) sum well above -40 dBFS
    #expect(peak > 0.01 && peak < 1)
  }
}
