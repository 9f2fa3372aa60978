import BenchSupport
import Foundation

/// The report: each song rendered `runs` times by each renderer, interleaved so that a busy
/// moment of the machine falls on all of them alike; the fastest run of each is the figure
/// (the others measured the machine's other work).
struct GMSongReport {
  /// The songs: every General MIDI song of the corpus with more than one part (the eight
  /// freedoom band songs, the General MIDI test with 12 channels, the string quartet, the song
  /// for voice and piano and the chords on three channels).
  static let songs = [
    "freedoom_d_dm24_type0_gm_drums_rpn.mid", "freedoom_d_dm2ttl_10s_gm_drums.mid",
    "freedoom_d_e4m3_ppq32.mid", "freedoom_d_e4m4_43timesigs.mid",
    "freedoom_d_fdmttl_11s_gm_drums.mid", "freedoom_d_intro_7s_gm_drums.mid",
    "freedoom_d_map19_ppq89.mid", "freedoom_d_read_m_93tempos.mid",
    "m21test_test04_gm_18tracks_96tempos_sysex_nrpn.mid",
    "m21_beethoven_op18no1_mvt1_string_quartet.mid",
    "m21_handel_lascia_chio_pianga_voice_piano.mid",
    "jazzsoft_test-multichannel-chords-1.mid",
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
    var runs = 3
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
      "on \(threads) cores, load average \(loadAverage()) at the start. Whole processes: CPU",
      "seconds (user and system, every thread) and peak resident memory from wait4, fastest of",
      "\(runs) interleaved runs. sfzplay on one thread (`--threads 1`: a batch renders one song",
      "per core) against FluidSynth 2.3 (`-ni -g 0.2 -r 48000 -O float`) playing FluidR3_GM.sf2,",
      "dry (`--no-effects` / `-R 0 -C 0`) and with both engines' default reverb and chorus. The",
      "ratio is FluidSynth's CPU over sfzplay's: how many times less sfzplay costs. The last",
      "columns: sfzplay with its default threads (effects on), wall seconds, against FluidSynth's",
      "wall seconds, and both peaks.",
      "",
      "| song | audio s | dry: sfzplay | FluidSynth | ratio | effects: sfzplay | FluidSynth | ratio"
        + " | \(threads) threads wall | FluidSynth wall | peak MB sfzplay / FluidSynth |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    let work = FileManager.default.temporaryDirectory
      .appendingPathComponent("gm-song-report-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    var dryRatios: [Double] = []
    var effectRatios: [Double] = []
    for song in Self.songs {
      let path = Corpus.root.appendingPathComponent("midi/\(song)").path
      let out = { (name: String) in work.appendingPathComponent(name).path }
      let fluid = ["-ni", "-g", "0.2", "-r", "48000", "-O", "float"]
      let renderers: [(String, [String])] = [
        (sfzplay, [bank.path, path, "-o", out("dry.wav"), "--threads", "1", "--no-effects"]),
        ("fluidsynth", fluid + ["-R", "0", "-C", "0", "-F", out("fluid-dry.wav"), sf2, path]),
        (sfzplay, [bank.path, path, "-o", out("fx.wav"), "--threads", "1"]),
        ("fluidsynth", fluid + ["-F", out("fluid-fx.wav"), sf2, path]),
        (sfzplay, [bank.path, path, "-o", out("all.wav"), "--threads", "\(threads)"]),
      ]
      var best = [MeasuredProcess?](repeating: nil, count: renderers.count)
      var fastest = [Double](repeating: .infinity, count: renderers.count)
      for _ in 0..<runs {
        for (index, (command, arguments)) in renderers.enumerated() {
          guard let run = MeasuredProcess.run(command, arguments) else {
            throw .tool(command: ([command] + arguments).joined(separator: " "), status: 1)
          }
          if best[index].map({ run.cpuSeconds < $0.cpuSeconds }) ?? true { best[index] = run }
          fastest[index] = min(fastest[index], run.wallSeconds)
        }
      }
      let cpu = best.map { $0!.cpuSeconds }
      let same = FileManager.default.contentsEqual(atPath: out("fx.wav"), andPath: out("all.wav"))
      let seconds = Self.audioSeconds(of: out("fx.wav")) ?? 0
      dryRatios.append(cpu[1] / cpu[0])
      effectRatios.append(cpu[3] / cpu[2])
      lines.append(
        String(
          format:
            "| %@%@ | %.0f | %.2f | %.2f | %.2fx | %.2f | %.2f | %.2fx | %.2f | %.2f | %.0f / %.0f |",
          song, same ? "" : " (thread counts DIFFER: a defect)", seconds, cpu[0], cpu[1],
          cpu[1] / cpu[0], cpu[2], cpu[3], cpu[3] / cpu[2], fastest[4], fastest[3],
          Double(best[2]!.peakResidentBytes) / 1e6, Double(best[3]!.peakResidentBytes) / 1e6))
    }
    func geometricMean(_ values: [Double]) -> Double {
      exp(values.map { log($0) }.reduce(0, +) / Double(values.count))
    }
    lines.append("")
    lines.append(
      String(
        format:
          "Geometric mean of FluidSynth's CPU over sfzplay's: dry %.2fx (lowest %.2fx), with"
          + " effects %.2fx (lowest %.2fx).", geometricMean(dryRatios), dryRatios.min() ?? 0,
        geometricMean(effectRatios), effectRatios.min() ?? 0))
    lines.append("")
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

  /// Seconds of audio in a WAV file sfzplay wrote (48 kHz, 24-bit stereo: 6 bytes a frame).
  static func audioSeconds(of path: String) -> Double? {
    guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    else { return nil }
    return Double(size) / 6.0 / 48_000.0
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
