import ArgumentParser
import Foundation
import SFZSampler

/// `sfzplay batch MANIFEST`: renders a collection, each line of a JSON Lines manifest a render
/// exactly as `sfzplay` would do it alone.
public struct SFZPlayBatch: ParsableCommand {
  /// The subcommand's name, abstract and help text.
  public static let configuration = CommandConfiguration(
    commandName: "batch",
    abstract: "Render every line of a JSON Lines manifest; resumable, and sharded for clusters.",
    discussion: """
      Each line is one render: {"song": "a.mid", "instrument": "piano.sfz", "output": "a.wav"}, \
      with optional "setup", "stems", "report", "sample_rate", "bit_depth", "tail" and "gain" \
      as the single render's options; relative paths start from the manifest's folder. Every \
      line is checked before anything renders. Each render is exactly what sfzplay renders \
      for the same options, byte for byte.

      Every finished render appends a line to the record (MANIFEST's name with .batch.jsonl, \
      or .batch-K-of-N.jsonl for a shard): its summary, timings, errors and each output's \
      SHA-256. Run the batch again and renders whose outputs are still there with their \
      recorded checksums are skipped; an interrupted batch finishes what is missing. A failed \
      render is recorded and the others go on; the exit status is 1 when any failed.

      --shard K/N renders the K-th of N parts (counting from 1), balanced by the songs' \
      lengths. Without it a Slurm job array (SLURM_ARRAY_TASK_ID and the array's range) or a \
      Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with JOB_COMPLETIONS set to the Job's \
      completions) chooses the part. The parts cover the manifest exactly once, and the \
      outputs are the same whatever N.
      """)

  @Argument(help: "The manifest: JSON Lines, one render a line.")
  var manifest: String

  @Option(
    help: ArgumentHelp(
      "Renders side by side (1...4 x cores); default: one per core.", valueName: "count"))
  var jobs: Int?

  @Option(
    help: ArgumentHelp(
      "Render threads within each render (1...4 x cores); default: 1.",
      discussion: "The output is the same bytes for any count.", valueName: "count"))
  var threads = 1

  @Option(
    help: ArgumentHelp(
      "Render the K-th of N parts of the manifest (1/4 ... 4/4).", valueName: "K/N"),
    transform: { text in
      guard let shard = BatchShard(argument: text) else {
        throw ValidationError("--shard must be K/N with 1 <= K <= N, not \(text)")
      }
      return shard
    })
  var shard: BatchShard?

  @Option(
    help: ArgumentHelp(
      "MB of decoded samples and parsed instruments kept for later renders (0...1048576); default: 2048 or a quarter of the memory.",
      discussion: """
        Renders that share instruments or a bank decode each sample file and parse and map \
        each SFZ file once; the least recently used go first when the cache is full. 0 loads \
        every render's anew.
        """,
      valueName: "mb"))
  var cacheMb: Int?

  @Option(
    help: ArgumentHelp(
      "The record to append to (default: next to the manifest, see above).", valueName: "file"))
  var record: String?

  /// 2 GB, or a quarter of the machine's memory when that is less: room for a General MIDI
  /// bank's samples several times over, leaving the renders theirs.
  static var defaultCacheMB: Int {
    min(2_048, Int(ProcessInfo.processInfo.physicalMemory >> 20) / 4)
  }

  /// Creates the command with every option at its default (ArgumentParser fills them in).
  public init() {}

  /// Checks the counts' ranges.
  public func validate() throws {
    let most = ProcessInfo.processInfo.activeProcessorCount * 4
    for (name, value) in [("--jobs", jobs), ("--threads", threads)] {
      if let value, !(1...most).contains(value) {
        throw ValidationError("\(name) must be 1...\(most), not \(value)")
      }
    }
    if let cacheMb, !(0...1_048_576).contains(cacheMb) {
      throw ValidationError("--cache-mb must be 0...1048576, not \(cacheMb)")
    }
  }

  /// Renders the manifest's part; exits 1 when a render failed or the manifest is bad.
  public func run() throws {
    let context = RunContext.process
    do {
      let counts = try execute(in: context)
      if counts.failed > 0 { throw ExitCode.failure }
    } catch let error as SFZPlayError {
      context.printError(error.errorLine)
      throw ExitCode.failure
    }
  }

  /// What a batch did: renders done, skipped because their outputs were intact, and failed.
  public struct Outcome {
    /// Renders done.
    public var rendered: Int
    /// Renders skipped: their recorded outputs were there with their checksums.
    public var skipped: Int
    /// Renders that failed (recorded with their errors).
    public var failed: Int
  }

  /// Runs the batch in `context` (relative paths from its folder, lines to its printers) and
  /// returns the counts; throws before rendering anything when the manifest or shard is bad.
  public func execute(in context: RunContext) throws(SFZPlayError) -> Outcome {
    let file = context.resolve(manifest)
    let parsed = try BatchManifest(file: file, threads: threads)
    var part = BatchShard.whole
    if let shard {
      part = shard
    } else if let scheduled = try BatchShard.fromEnvironment(context.environment) {
      part = scheduled
    }
    let stem = file.url.deletingPathExtension().lastPathComponent
    let folder = file.url.deletingLastPathComponent()
    let defaultName =
      part.count == 1
      ? "\(stem).batch.jsonl" : "\(stem).batch-\(part.index + 1)-of-\(part.count).jsonl"
    let recordPath = record.map(context.resolve) ?? GivenPath(defaultName, in: folder.path)
    // every earlier run's record, whatever its shard count, tells what is finished
    let siblings = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasPrefix("\(stem).batch") && $0.hasSuffix(".jsonl") }
      .map { folder.appendingPathComponent($0).path }
    let recordFile = try BatchRecordFile(path: recordPath)
    let run = BatchRun(
      manifest: parsed, shard: part,
      jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, threads: threads,
      record: recordFile, earlierRecords: siblings + [recordPath.path], context: context)
    let earlierBudget = DecodedSampleCache.budgetBytes
    DecodedSampleCache.budgetBytes = (cacheMb ?? Self.defaultCacheMB) << 20
    let cacheBefore = DecodedSampleCache.statistics
    let counts = run.run()
    let cache = DecodedSampleCache.statistics
    DecodedSampleCache.budgetBytes = earlierBudget
    context.printError(
      "sfzplay: batch \(part) of \(file.text): \(counts.rendered) rendered, \(counts.skipped)"
        + " skipped (already done), \(counts.failed) failed; record: \(recordPath.text);"
        + " samples decoded \(cache.misses - cacheBefore.misses), reused"
        + " \(cache.hits - cacheBefore.hits), instruments parsed"
        + " \(cache.instrumentMisses - cacheBefore.instrumentMisses), reused"
        + " \(cache.instrumentHits - cacheBefore.instrumentHits), cache peak"
        + " \(cache.peakBytes >> 20) MB")
    return Outcome(rendered: counts.rendered, skipped: counts.skipped, failed: counts.failed)
  }
}
