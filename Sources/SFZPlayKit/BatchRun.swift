import Foundation
import MIDIFile

/// Renders a manifest's part: each render is exactly `sfzplay` with the line's options (the same
/// parsing, checks and render), run `jobs` side by side; renders whose recorded outputs are
/// still there with their checksums are skipped, failures are recorded and the others go on,
/// and every finished render appends its line to the record.
final class BatchRun: @unchecked Sendable {
  /// What a batch did.
  struct Counts {
    var rendered = 0
    var skipped = 0
    var failed = 0
  }

  private let manifest: BatchManifest
  private let shard: BatchShard
  private let jobs: Int
  private let threads: Int
  private let record: BatchRecordFile
  private let context: RunContext
  private let lock = NSLock()
  private var counts = Counts()
  private var next = 0
  private var positions: [Int] = []
  private var lengths: [Double] = []
  private var finishedBefore: [String: [String: Any]] = [:]
  private var progress: BatchProgress?

  init(
    manifest: BatchManifest, shard: BatchShard, jobs: Int, threads: Int, record: BatchRecordFile,
    earlierRecords: [String], context: RunContext
  ) {
    self.manifest = manifest
    self.shard = shard
    self.jobs = jobs
    self.threads = threads
    self.record = record
    self.context = context
    finishedBefore = BatchRecordFile.finished(in: earlierRecords)
  }

  /// Each worker thread's stack.
  static let stackBytes = 8 << 20

  /// The length in seconds of each entry's song (its last event), 0 for one that cannot be read:
  /// what shards are balanced by.
  static func songLengths(of manifest: BatchManifest) -> [Double] {
    manifest.entries.map { entry in
      let url = GivenPath(entry.song, in: manifest.folder).url
      return (try? MIDIFile(contentsOf: url))?.events.last?.seconds ?? 0
    }
  }

  /// Renders this part and returns the counts.
  func run() -> Counts {
    lengths = Self.songLengths(of: manifest)
    positions = shard.positions(lengths: lengths)
    progress = BatchProgress(
      lengths: positions.map { lengths[$0] }, draw: context.drawProgress,
      printLine: context.printError)
    for position in positions { removeLeftovers(of: manifest.entries[position]) }
    let done = DispatchGroup()
    for _ in 0..<max(1, min(jobs, positions.count)) {
      done.enter()
      let worker = Thread { [self] in
        while let position = take() { render(position) }
        done.leave()
      }
      // loading and rendering want the main thread's stack, not a secondary thread's default
      worker.stackSize = Self.stackBytes
      worker.start()
    }
    done.wait()
    progress?.finish()
    return lock.withLock { counts }
  }

  private func take() -> Int? {
    lock.withLock {
      guard next < positions.count else { return nil }
      defer { next += 1 }
      return positions[next]
    }
  }

  /// Renders one entry (or skips it) and records it.
  private func render(_ position: Int) {
    let entry = manifest.entries[position]
    let started = ContinuousClock.now
    var line: [String: Any] = [
      "line": entry.line, "entry": entry.identity, "song": entry.song, "output": entry.output,
      "shard": shard.description,
      "startedAt": ISO8601DateFormatter().string(from: Date()),
    ]
    if let earlier = finishedBefore[entry.identity], outputsIntact(earlier) {
      for key in ["seconds", "peakDBFS", "peakVoices", "clippedSamples", "outputs", "report"] {
        line[key] = earlier[key]
      }
      line["status"] = "skipped"
      line["wallSeconds"] = BatchProgress.seconds(ContinuousClock.now - started)
      record.append(line)
      lock.withLock { counts.skipped += 1 }
      progress?.finished(
        length: lengths[position], rendered: 0, skipped: true, failure: nil,
        line: "line \(entry.line): skipped \(entry.output) (its outputs match the record)")
      return
    }
    let printed = Printed()
    var renderContext = RunContext(
      currentFolder: manifest.folder, environment: context.environment,
      printOutput: { printed.add($0) }, printError: { printed.add($0) })
    renderContext.removesTemporaryFileOnSignal = context.removesTemporaryFileOnSignal
    var failure: String?
    var summary: RenderSummary?
    // a collection's outputs go into folders of their own: make them, as the stems' folder is
    for file in [entry.output, entry.report].compactMap({ $0 }) {
      try? FileManager.default.createDirectory(
        at: GivenPath(file, in: manifest.folder).url.deletingLastPathComponent(),
        withIntermediateDirectories: true)
    }
    do {
      let command = try SFZPlay.parse(entry.arguments(threads: threads))
      if case .rendered(let rendered) = try command.execute(in: renderContext) {
        summary = rendered
      }
    } catch let error as SFZPlayError {
      failure = error.description
    } catch {
      failure = SFZPlay.message(for: error)
    }
    line["warnings"] = printed.lines
    line["wallSeconds"] = BatchProgress.seconds(ContinuousClock.now - started)
    let length = lengths[position]
    if let summary, failure == nil {
      let seconds = Double(summary.result.frames) / Double(summary.sampleRate)
      line["status"] = "rendered"
      line["seconds"] = seconds
      line["peakDBFS"] = summary.result.peak > 0 ? 20 * log10(Double(summary.result.peak)) : nil
      line["peakVoices"] = summary.result.peakVoices
      line["clippedSamples"] = summary.clippedSamples
      line["renderWallSeconds"] = summary.wallSeconds
      line["cpuSeconds"] = summary.cpuSeconds
      line["threads"] = summary.threads
      line["outputs"] = checksums(
        of: [entry.output] + summary.stemFiles + [entry.report].compactMap { $0 })
      if let report = entry.report,
        let data = FileManager.default.contents(
          atPath: GivenPath(report, in: manifest.folder).path),
        let object = try? JSONSerialization.jsonObject(with: data)
      {
        line["report"] = object
      }
      record.append(line)
      lock.withLock { counts.rendered += 1 }
      progress?.finished(
        length: length, rendered: seconds, skipped: false, failure: nil,
        line: "line \(entry.line): rendered \(entry.song) -> \(entry.output) ("
          + String(format: "%.2f s of audio in %.2f s", seconds, line["wallSeconds"] as! Double)
          + ")")
    } else {
      let reason = failure ?? "no audio was rendered"
      line["status"] = "failed"
      line["error"] = reason
      record.append(line)
      lock.withLock { counts.failed += 1 }
      progress?.finished(
        length: length, rendered: 0, skipped: false,
        failure: "line \(entry.line): failed: \(reason)",
        line: "line \(entry.line): failed: \(reason)")
    }
  }

  /// Each output's SHA-256, by the path the manifest gives (relative to the manifest).
  private func checksums(of outputs: [String]) -> [String: String] {
    var sums: [String: String] = [:]
    for output in outputs {
      sums[output] = SHA256.hexDigest(ofFileAt: GivenPath(output, in: manifest.folder).path)
    }
    return sums
  }

  /// Whether every output an earlier record lists is there with the checksum it recorded.
  private func outputsIntact(_ earlier: [String: Any]) -> Bool {
    guard let outputs = earlier["outputs"] as? [String: String], !outputs.isEmpty else {
      return false
    }
    return checksums(of: Array(outputs.keys)) == outputs
  }

  /// Removes the temporary files a killed earlier run left next to this entry's outputs
  /// (`.NAME.PID.sfzplay-tmp`), when their process is gone.
  private func removeLeftovers(of entry: BatchEntry) {
    // only this entry's own files: on a cluster's shared disk another machine's process IDs
    // mean nothing here, and its renders are other entries'
    var places: [(folder: URL, prefix: String)] = [entry.output, entry.report].compactMap { $0 }
      .map {
        let file = GivenPath($0, in: manifest.folder).url
        return (file.deletingLastPathComponent(), "." + file.lastPathComponent + ".")
      }
    // the stems folder is the entry's own, whatever its files are called
    if let stems = entry.stems { places.append((GivenPath(stems, in: manifest.folder).url, ".")) }
    for (folder, prefix) in places {
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
        continue
      }
      for name in names where name.hasPrefix(prefix) && name.contains(".sfzplay-") {
        let fields = name.split(separator: ".")
        guard fields.count >= 3, let pid = Int32(fields[fields.count - 2]),
          kill(pid, 0) != 0 && errno == ESRCH
        else { continue }
        unlink(folder.appendingPathComponent(name).path)
      }
    }
  }

  /// The lines one render printed, kept for its record.
  private final class Printed: @unchecked Sendable {
    private var kept: [String] = []
    private let lock = NSLock()
    func add(_ line: String) { lock.withLock { kept.append(line) } }
    var lines: [String] { lock.withLock { kept } }
  }
}
