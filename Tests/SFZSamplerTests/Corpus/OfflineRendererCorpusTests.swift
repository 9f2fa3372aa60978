import AudioTestSupport
import Foundation
import MIDIFile
import SFZSampler
import SongPlayback
import Testing

/// A real instrument playing a dense song on several threads renders the bits one thread does.
@Suite(
  "Corpus song on several threads", .enabled(if: TestData.exists(TestData.corpusInstruments)))
struct OfflineRendererCorpusTests {
  static let rate = 48_000
  /// Seconds of the song rendered, then a second of its notes ringing out: quick in a debug build.
  static let seconds = 8

  /// Both channels of the render, on `threads` threads (one: the sampler's own render).
  private func render(threads: Int) throws -> (out: [Float], peakVoices: Int, workerCPU: Double) {
    let sampler = Sampler(sampleRate: Double(Self.rate), maximumPolyphony: 256)
    sampler.isRenderingOffline = true
    try sampler.loadInstrument(
      url: TestData.corpusInstruments.appendingPathComponent(
        "GregSullivan.E-Pianos/CP80/CP80.sfz"))
    let midi = try MIDIFile(
      contentsOf: TestData.corpusMIDI.appendingPathComponent(
        "m21test_test09_piano_2hands_ppq192_5tempos.mid"))
    let schedule = EventSchedule.make(song: midi, sampleRate: Self.rate)
      .filter { $0.frame < Self.seconds * Self.rate }
    let renderer = threads > 1 ? try OfflineRenderer(sampler: sampler, threads: threads) : nil
    var out: [Float] = []
    SongRenderer(sampler: sampler, blockSize: 512, renderer: renderer).render(
      schedule, tailFrames: Self.rate
    ) { block in
      out.append(contentsOf: block.left)
      out.append(contentsOf: block.right)
      return true
    }
    return (out, sampler.peakVoices, renderer?.workerCPUSeconds ?? 0)
  }

  @Test("CP80 playing a two-handed piano piece: 2 and 3 threads give one thread's bits")
  func sameBits() throws {
    let alone = try render(threads: 1)
    #expect(alone.peakVoices >= 12, "chords: many voices at once")
    #expect(Measure.peak(alone.out[...]) > 0.05)
    for threads in [2, 3] {
      let rendered = try render(threads: threads)
      let shared = rendered.out
      // workers that never left their first barrier would have used microseconds
      #expect(rendered.workerCPU > 0.01, "the workers rendered voices")
      #expect(shared.count == alone.out.count)
      let first = alone.out.indices.first { alone.out[$0].bitPattern != shared[$0].bitPattern }
      #expect(first == nil, "\(threads) threads differ first at value \(first ?? 0)")
    }
  }
}
