import BenchSupport
import Foundation
import SFZSampler

/// One load of the instrument from a cold page cache, in a process of its own: the wall time of
/// `loadInstrument`, resident memory after it, and the first note.
enum LoadProbe {
  /// A memory budget above what any preload of the report needs: the budget is a limit, and
  /// the default one (128 MB) is below the 149 MB a 32K-frame preload of the 4 GB library holds.
  static let ampleBudget = 1 << 30

  /// The streaming modes the report loads with, by the name the child is given.
  static let modes: [(name: String, settings: StreamingSettings)] = [
    ("always", StreamingSettings(mode: .always, preloadFrames: 32_768, memoryBudget: ampleBudget)),
    ("default", StreamingSettings()),
    ("never", StreamingSettings(mode: .never)),
  ]

  /// The child's side: drops the page cache of the instrument's files, loads it with the
  /// settings `mode` names and measures.
  static func run(library: BigLibrary, mode: String) throws(BenchError) -> Figures {
    guard let settings = modes.first(where: { $0.name == mode })?.settings else {
      throw .file(path: mode, reason: "no such streaming mode (always, default, never)")
    }
    var figures = Figures()
    let files = library.sampleFiles + [library.sfz.path]
    PageCache.drop(files)
    let cached = PageCache.residentBytes(files)
    figures["cached_before_load"] = Double(cached.resident) / Double(max(cached.total, 1))
    let emptyResident = ProcessMemory.residentBytes()
    let sampler = Sampler(sampleRate: 48_000, maximumPolyphony: 64, streaming: settings)
    let start = ThreadCPUClock.wall()
    let report: InstrumentReport
    do {
      report = try sampler.loadInstrument(url: library.sfz)
    } catch {
      throw .file(path: "loadInstrument", reason: "\(error)")
    }
    figures["load_s"] = ThreadCPUClock.wall() - start
    figures["rss_empty"] = Double(emptyResident)
    figures["rss_after_load"] = Double(ProcessMemory.residentBytes())
    figures["peak_rss"] = Double(ProcessMemory.peakResidentBytes())
    let statistics = sampler.streamingStatistics
    figures["sample_bytes"] = Double(report.sampleBytes)
    figures["resident_sample_bytes"] = Double(statistics.residentSampleBytes)
    figures["streamed_samples"] = Double(statistics.streamedSamples)
    figures["samples"] = Double(report.sampleCount)
    figures["regions"] = Double(report.regionCount)
    let note = library.notes[library.notes.count / 2]
    figures["first_note_key"] = Double(note.key)
    FirstNoteProbe.measure(
      sampler: sampler, key: note.key, velocity: note.velocities.upperBound,
      blockFrames: StreamingRun.blockFrames, into: &figures)
    figures["read_failures"] = Double(sampler.streamingStatistics.readFailures)
    withExtendedLifetime(sampler) {}
    return figures
  }
}
