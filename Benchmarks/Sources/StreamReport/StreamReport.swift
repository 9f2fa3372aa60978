import BenchSupport
import Foundation

/// Runs every part of the report, each measurement in a child process, printing as it goes and
/// keeping the text for results/stream-report.txt.
struct StreamReport {
  let options: ReportOptions
  private var text: [String] = []
  private let started = ThreadCPUClock.wall()

  init(options: ReportOptions) { self.options = options }

  private mutating func emit(_ lines: [String]) {
    for line in lines { print(line) }
    fflush(nil)  // every stream: lines show up at once through a pipe too
    text.append(contentsOf: lines)
  }

  mutating func run() throws(BenchError) {
    let library = try BigLibrary(sfz: options.instrument)
    emit([
      "SFZSampler big-library report: \(library.sfz.path)",
      String(
        format: "%d sample files, %.2f GB on disk, %d sustain regions; 48 kHz, %d-frame blocks.",
        library.sampleFiles.count, Double(library.sampleFileBytes) / 1e9, library.notes.count,
        StreamingRun.blockFrames),
    ])
    emit(PageCacheCheck.lines(library))
    emit(["", "Load from a cold page cache, each in a fresh process:"])
    emit(ReportLines.loadHeader)
    let modes = LoadProbe.modes.map(\.name).filter { $0 != "never" || options.includeNever }
    for mode in modes {
      emit([
        ReportLines.loadRow(mode: mode, ChildProcess.figures(["load", mode, library.sfz.path]))
      ])
    }
    emit(ReportLines.loadNotes)
    emit([
      "",
      String(
        format: "%d voices streaming from a cold page cache for %.0f s, paced in real time "
          + "(.always with a %d-frame preload, polyphony %d, notes held %.0f-%.0f s, live mode):",
        options.voices, options.seconds, options.preloadFrames, options.polyphony,
        NoteScheduler.holdSeconds.lowerBound, NoteScheduler.holdSeconds.upperBound),
    ])
    let streaming = ChildProcess.figures([
      "stream", library.sfz.path, "\(options.seconds)", "\(options.voices)",
      "\(options.polyphony)", "\(options.preloadFrames)",
    ])
    emit(ReportLines.streaming(streaming))
    emit(["", String(format: "Report took %.0f s.", ThreadCPUClock.wall() - started)])
    let folder = Corpus.packageRoot.appendingPathComponent("results")
    let url = folder.appendingPathComponent("stream-report.txt")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try (text.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    } catch {
      throw .file(path: url.path, reason: "\(error)")
    }
    print("Wrote \(url.path).")
  }
}
