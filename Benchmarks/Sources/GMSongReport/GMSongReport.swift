import BenchSupport
import Foundation

/// The report: each song rendered `runs` times by each renderer, interleaved so that a busy
/// moment of the machine falls on all of them alike; the fastest run of each is the figure
/// (the others measured the machine's other work).
struct GMSongReport {
  /// The songs: the corpus's longest General MIDI band songs.
  static let songs = [
    "freedoom_d_dm24_type0_gm_drums_rpn.mid", "freedoom_d_e4m4_43timesigs.mid",
  ]

  let sfzplay: String
  let bank: URL
  let sf2: String
  let runs: Int

  init(arguments: [String]) throws(BenchError) {
    var sfzplay: String?
    var bank = FileManager.default.homeDirectoryForCurrentUser
      .appendingPathComponent("sfzsampler-gm-bank")
    var sf2 = "/usr/share/sounds/sf2/FluidR3_GM.sf2"
    var runs = 5
    var rest = arguments[...]
    while let option = rest.popFirst() {
      guard let value = rest.popFirst() else { throw .file(path: option, reason: "needs a value") }
      switch option {
      case "--sfzplay": sfzplay = value
      case "--bank": bank = URL(fileURLWithPath: value)
      case "--sf2": sf2 = value
      case "--runs":
        guard let count = Int(value), count > 0 else {
          throw .file(path: "--runs", reason: "takes a count of 1 or more")
        }
        runs = count
      default: throw .file(path: option, reason: "unknown option")
      }
    }
    guard let sfzplay else {
      throw .file(
        path: "--sfzplay",
        reason: "GMSongReport --sfzplay PATH [--bank DIR] [--sf2 FILE] [--runs N]")
    }
    self.sfzplay = sfzplay
    self.bank = bank
    self.sf2 = sf2
    self.runs = runs
  }

  /// What is missing for the report, if anything.
  var missing: [String] {
    var missing: [String] = []
    if !FileManager.default.isExecutableFile(atPath: sfzplay) {
      missing.append("sfzplay at \(sfzplay)")
    }
    if !FileManager.default.fileExists(atPath: bank.appendingPathComponent("000").path) {
      missing.append("the GM bank at \(bank.path) (make gm-bank)")
    }
    if !FileManager.default.fileExists(atPath: sf2) {
      missing.append("\(sf2) (fluid-soundfont-gm)")
    }
    if Tool.output("fluidsynth", ["--version"]) == nil { missing.append("fluidsynth") }
    if !Corpus.isAvailable { missing.append("../shared/corpus") }
    return missing
  }

  func run() throws(BenchError) {
    guard missing.isEmpty else {
      print("GMSongReport: skipped, missing: \(missing.joined(separator: ", "))")
      return
    }
    let threads = ProcessInfo.processInfo.activeProcessorCount
    var lines = [
      "# General MIDI songs: sfzplay through the FluidR3 bank in SFZ against FluidSynth",
      "",
      "Made by `swift run -c release --package-path Benchmarks GMSongReport --sfzplay PATH`",
      "on \(threads) cores, load average \(loadAverage()) at the start. Whole processes: wall",
      "and CPU seconds and peak resident memory from wait4, fastest of \(runs) interleaved runs",
      "(memory: the largest). Both without reverb and chorus (FluidSynth -R 0 -C 0, sfzplay",
      "--no-effects; EffectsReport compares the effects) at 48 kHz; each writes its default WAV",
      "(FluidSynth 16-bit, sfzplay 24-bit).",
      "",
    ]
    let work = FileManager.default.temporaryDirectory
      .appendingPathComponent("gm-song-report-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    for song in Self.songs {
      let path = Corpus.root.appendingPathComponent("midi/\(song)").path
      let out = { (name: String) in work.appendingPathComponent(name).path }
      let renderers: [(String, String, [String])] = [
        (
          "sfzplay, 1 thread", sfzplay,
          [bank.path, path, "-o", out("one.wav"), "--threads", "1", "--no-effects"]
        ),
        (
          "sfzplay, \(threads) threads", sfzplay,
          [bank.path, path, "-o", out("all.wav"), "--threads", "\(threads)", "--no-effects"]
        ),
        (
          "fluidsynth", "fluidsynth",
          ["-ni", "-R", "0", "-C", "0", "-r", "48000", "-F", out("fluid.wav"), sf2, path]
        ),
      ]
      var best = [MeasuredProcess?](repeating: nil, count: renderers.count)
      var largest = [Int](repeating: 0, count: renderers.count)
      for _ in 0..<runs {
        for (index, (name, command, arguments)) in renderers.enumerated() {
          guard let run = MeasuredProcess.run(command, arguments) else {
            throw .tool(
              command: "\(name): \(([command] + arguments).joined(separator: " "))", status: 1)
          }
          if best[index].map({ run.wallSeconds < $0.wallSeconds }) ?? true { best[index] = run }
          largest[index] = max(largest[index], run.peakResidentBytes)
        }
      }
      let same =
        FileManager.default.contentsEqual(atPath: out("one.wav"), andPath: out("all.wav"))
      lines.append("## \(song)")
      lines.append("")
      lines.append("| renderer | wall s | CPU s | peak MB | FluidSynth's wall / this |")
      lines.append("|---|---:|---:|---:|---:|")
      let fluid = best[2]!.wallSeconds
      for (index, (name, _, _)) in renderers.enumerated() {
        let run = best[index]!
        lines.append(
          String(
            format: "| %@ | %.2f | %.2f | %.0f | %.2fx |", name, run.wallSeconds, run.cpuSeconds,
            Double(largest[index]) / 1e6, fluid / run.wallSeconds))
      }
      lines.append("")
      lines.append(
        "sfzplay's two renders are the same bytes: \(same ? "yes" : "NO (a defect)")")
      lines.append("")
    }
    lines += loadLines()
    let text = lines.joined(separator: "\n") + "\n"
    print(text, terminator: "")
    let results = Corpus.packageRoot.appendingPathComponent("results/gm-song-report.txt")
    do {
      try text.write(to: results, atomically: true, encoding: .utf8)
    } catch {
      throw .file(path: results.path, reason: "\(error)")
    }
  }

  /// Loading the programs one song uses against loading every program of the bank, each in a
  /// fresh process.
  func loadLines() -> [String] {
    var lines = [
      "## Loading: the programs a song uses against the whole bank",
      "",
      "Each in a fresh process: the bank read and the instruments loaded into an ensemble as",
      "sfzplay loads them. Resident memory after the load, and the process's peak.",
      "",
      "| what | programs | regions | sample MB | load s | resident MB | peak MB |",
      "|---|---:|---:|---:|---:|---:|---:|",
    ]
    let song = Corpus.root.appendingPathComponent("midi/\(Self.songs[0])").path
    for (name, which) in [("the song's (\(Self.songs[0]))", song), ("the whole bank", "all")] {
      guard let (load, peak) = BankLoad.measure(bank: bank, which: which) else {
        lines.append("| \(name) | failed | | | | | |")
        continue
      }
      lines.append(
        String(
          format: "| %@ | %d | %d | %.0f | %.2f | %.0f | %.0f |", name, load.programs,
          load.regions, Double(load.sampleBytes) / 1e6, load.seconds,
          Double(load.residentBytes) / 1e6, Double(peak) / 1e6))
    }
    return lines + [""]
  }
}
