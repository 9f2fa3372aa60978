import BenchSupport
import Foundation

// A General MIDI song with reverb and chorus: sfzplay through the FluidR3 bank in SFZ beside
// FluidSynth from the SF2 it was converted from, each with its default effects and without.
// What the effects add (the difference of the two renders), the level and decay of the tail
// after the last note, and how long each renderer lets it ring. Writes
// results/effects-report.txt. Needs the release sfzplay, `make gm-bank`'s bank, fluidsynth with
// FluidR3_GM.sf2 and ../shared/corpus/midi; says what is missing otherwise.
// `EffectsReport --sfzplay PATH [--bank DIR] [--sf2 FILE]`

let songs = ["freedoom_d_dm24_type0_gm_drums_rpn.mid", "freedoom_d_e4m4_43timesigs.mid"]

func report(_ arguments: [String]) throws(ReportError) {
  var options: [String: String] = [:]
  var rest = arguments[...]
  while let option = rest.popFirst() {
    guard ["--sfzplay", "--bank", "--sf2"].contains(option), let value = rest.popFirst() else {
      throw .usage("EffectsReport --sfzplay PATH [--bank DIR] [--sf2 FILE]")
    }
    options[option] = value
  }
  guard let sfzplay = options["--sfzplay"] else {
    throw .usage("EffectsReport --sfzplay PATH [--bank DIR] [--sf2 FILE]")
  }
  let bank =
    options["--bank"]
    ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(
      "sfzsampler-gm-bank"
    ).path
  let sf2 = options["--sf2"] ?? "/usr/share/sounds/sf2/FluidR3_GM.sf2"
  var missing: [String] = []
  if !FileManager.default.isExecutableFile(atPath: sfzplay) { missing.append("sfzplay") }
  if !FileManager.default.fileExists(atPath: bank + "/000") { missing.append("the GM bank") }
  if !FileManager.default.fileExists(atPath: sf2) { missing.append(sf2) }
  if Tool.output("fluidsynth", ["--version"]) == nil { missing.append("fluidsynth") }
  if !Corpus.isAvailable { missing.append("../shared/corpus") }
  guard missing.isEmpty else {
    print("EffectsReport: skipped, missing: \(missing.joined(separator: ", "))")
    return
  }
  let work = FileManager.default.temporaryDirectory
    .appendingPathComponent("effects-report-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: work) }
  func out(_ name: String) -> String { work.appendingPathComponent(name).path }
  func run(_ command: String, _ arguments: [String]) throws(ReportError) {
    guard MeasuredProcess.run(command, arguments) != nil else {
      throw .failed(([command] + arguments).joined(separator: " "))
    }
  }
  var lines = [
    "# Reverb and chorus on General MIDI songs: sfzplay beside FluidSynth",
    "",
    "Made by `swift run -c release --package-path Benchmarks EffectsReport --sfzplay PATH`.",
    "Each renderer renders each song twice, with its default effects and without (sfzplay",
    "`--no-effects`, FluidSynth `-R 0 -C 0`), at 48 kHz in 32-bit float; each renders the same",
    "samples every time, so the difference of the two is what the effects add. wet/dry: its",
    "energy against the dry song's; then the reverb's and the chorus's alone (sfzplay",
    "`--chorus 0` or `--reverb 0`, FluidSynth `-C 0` or `-R 0`). Notes end: the last 50 ms",
    "where the dry render is within",
    "60 dB of its loudest. The tail: the wet render's level after that, in dB of the loudest",
    "50 ms of the song, at once and one second later; its RT60 from the fall between 5 and 25",
    "dB below where it starts (T20, extrapolated); and how long the file runs on.",
    "",
  ]
  for song in songs {
    let path = Corpus.root.appendingPathComponent("midi/\(song)").path
    // each renderer: wet, dry, the reverb alone and the chorus alone
    let ours: [(String, [String])] = [
      ("wet", []), ("dry", ["--no-effects"]), ("reverb", ["--chorus", "0"]),
      ("chorus", ["--reverb", "0"]),
    ]
    for (name, flags) in ours {
      try run(sfzplay, [bank, path, "-o", out("ours-\(name).wav"), "--bit-depth", "32f"] + flags)
    }
    let theirs: [(String, [String])] = [
      ("wet", []), ("dry", ["-R", "0", "-C", "0"]), ("reverb", ["-C", "0"]),
      ("chorus", ["-R", "0"]),
    ]
    for (name, flags) in theirs {
      try run(
        "fluidsynth",
        ["-ni"] + flags + ["-r", "48000", "-O", "float", "-F", out("fluid-\(name).wav"), sf2, path])
    }
    lines += [
      "## \(song)", "",
      "| renderer | wet/dry dB | reverb dB | chorus dB | notes end s | tail dB | 1 s later dB | tail RT60 s | runs on s |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for (name, prefix) in [("sfzplay", "ours"), ("FluidSynth", "fluid")] {
      let dry = try WAVFile(path: out("\(prefix)-dry.wav"))
      let m = WetDry(wet: try WAVFile(path: out("\(prefix)-wet.wav")), dry: dry)
      let reverb = WetDry(wet: try WAVFile(path: out("\(prefix)-reverb.wav")), dry: dry)
      let chorus = WetDry(wet: try WAVFile(path: out("\(prefix)-chorus.wav")), dry: dry)
      lines.append(
        String(
          format: "| %@ | %.1f | %.1f | %.1f | %.2f | %.1f | %.1f | %@ | %.2f |", name,
          m.wetToDryDB, reverb.wetToDryDB, chorus.wetToDryDB, m.dryEnd, m.tailStartDB,
          m.tailAfterOneSecondDB, m.tailRT60.map { String(format: "%.2f", $0) } ?? "-",
          m.tailLength))
    }
    lines.append("")
  }
  let text = lines.joined(separator: "\n") + "\n"
  print(text, terminator: "")
  let results = Corpus.packageRoot.appendingPathComponent("results/effects-report.txt")
  do {
    try text.write(to: results, atomically: true, encoding: .utf8)
  } catch {
    throw .unreadable(results.path, "\(error)")
  }
}

do {
  try report(Array(CommandLine.arguments.dropFirst()))
} catch {
  print("EffectsReport: \(error)")
  exit(1)
}
