import BenchSupport
import Foundation
import MIDIFile
import SFZSampler
import SongPlayback

/// A real instrument far larger than the caches playing a dense song: CP80 (81 samples, 43 MB of
/// 16-bit audio against a 32 MB L3 cache) playing the Maple Leaf Rag with the sustain pedal
/// held down throughout, so every note rings until its sample ends and voices pile up. Rendered
/// in this process in 256-frame blocks, on one thread and on two.
enum CorpusSongReport {
  static let instrument = "GregSullivan.E-Pianos/CP80/CP80.sfz"
  static let song = "m21_joplin_maple_leaf_rag_piano.mid"
  static let rate = 48_000

  struct Figures {
    let audioSeconds: Double
    let meanVoices: Double
    let peakVoices: Int
    /// The render on one thread: its thread CPU and wall seconds.
    let cpuSeconds: Double
    let wallSeconds: Double
    /// The same render on two threads (an OfflineRenderer): wall seconds.
    let twoThreadWallSeconds: Double

    var voicesPerCore: Double { meanVoices * audioSeconds / cpuSeconds }
  }

  /// The song's messages but its pedal, after the pedal going down on every channel.
  static func schedule(_ midi: MIDIFile) -> [ScheduledEvent] {
    let pedal = (0..<16).map {
      ScheduledEvent(frame: 0, event: .controlChange(controller: 64, value: 127, channel: $0))
    }
    let notes = midi.events.compactMap { timed -> ScheduledEvent? in
      if case .controlChange(_, 64, _) = timed.message { return nil }
      return ScheduledEvent(
        frame: timed.frame(atSampleRate: Double(rate)),
        event: EventSchedule.samplerEvent(timed.message))
    }
    return pedal + notes.sorted { $0.frame < $1.frame }
  }

  /// Renders the song once; returns the voice-frames, peak voices, frames, thread CPU and wall
  /// seconds.
  private static func render(threads: Int) throws(BenchError)
    -> (voiceFrames: Int, peak: Int, frames: Int, cpu: Double, wall: Double)
  {
    let sampler = Sampler(sampleRate: Double(rate), maximumPolyphony: 1_024)
    let midi: MIDIFile
    do {
      try sampler.loadInstrument(
        url: Corpus.root.appendingPathComponent("instruments/" + instrument))
      midi = try MIDIFile(contentsOf: Corpus.root.appendingPathComponent("midi/" + song))
    } catch {
      throw .file(path: instrument, reason: "\(error)")
    }
    let renderer: OfflineRenderer?
    do {
      renderer = threads > 1 ? try OfflineRenderer(sampler: sampler, threads: threads) : nil
    } catch {
      throw .engine("\(error)")
    }
    var voiceFrames = 0
    var peak = 0
    let startCPU = ThreadCPUClock.now()
    let startWall = ThreadCPUClock.wall()
    let frames = SongRenderer(sampler: sampler, blockSize: 256, renderer: renderer).render(
      schedule(midi), tailFrames: 4 * rate
    ) { block in
      let voices = sampler.activeVoices
      voiceFrames += voices * block.frames
      peak = max(peak, voices)
      return true
    }
    return (
      voiceFrames, peak, frames, ThreadCPUClock.now() - startCPU, ThreadCPUClock.wall() - startWall
    )
  }

  /// The figures, the fastest of `runs` renders on each thread count, or nil without the corpus.
  static func measure(runs: Int = 3) throws(BenchError) -> Figures? {
    guard Corpus.isAvailable else { return nil }
    var one = try render(threads: 1)
    var twoWall = Double.infinity
    for _ in 0..<runs {
      let alone = try render(threads: 1)
      if alone.cpu < one.cpu { one.cpu = alone.cpu }
      if alone.wall < one.wall { one.wall = alone.wall }
      twoWall = min(twoWall, try render(threads: 2).wall)
    }
    let seconds = Double(one.frames) / Double(rate)
    return Figures(
      audioSeconds: seconds, meanVoices: Double(one.voiceFrames) / Double(one.frames),
      peakVoices: one.peak, cpuSeconds: one.cpu, wallSeconds: one.wall,
      twoThreadWallSeconds: twoWall)
  }

  static func lines(_ figures: Figures?) -> [String] {
    guard let figures else { return ["Corpus song: ../shared/corpus is absent; skipped.", ""] }
    return [
      "Corpus song: \(instrument) (81 samples, 43 MB of 16-bit audio, more than the 32 MB L3)"
        + " playing \(song) with the sustain pedal held throughout; Hermite, 256-frame blocks,"
        + " in this process, fastest of 3 renders.",
      String(
        format: "  %.1f s of audio, %.1f voices on average, %d at most; one thread: %.3f s CPU"
          + " (%.0fx real time), %.0f voices per core", figures.audioSeconds, figures.meanVoices,
        figures.peakVoices, figures.cpuSeconds, figures.audioSeconds / figures.cpuSeconds,
        figures.voicesPerCore),
      String(
        format: "  wall: one thread %.3f s, two threads %.3f s: %.2fx", figures.wallSeconds,
        figures.twoThreadWallSeconds, figures.wallSeconds / figures.twoThreadWallSeconds),
      "",
    ]
  }
}
