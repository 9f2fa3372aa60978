import BenchSupport
import Foundation

// General MIDI songs through a bank, side by side with FluidSynth: whole-process wall time, CPU
// time and peak memory of `sfzplay BANK SONG.mid` on one thread and on every core, and of
// `fluidsynth` rendering the same song from the SF2 the bank was converted from; then what
// loading costs for the programs a song uses against the whole bank. Writes
// results/gm-song-report.txt. Needs the release sfzplay, the bank `make gm-bank` writes,
// fluidsynth with FluidR3_GM.sf2 (Debian's fluid-soundfont-gm) and ../shared/corpus/midi; says
// what is missing otherwise.
// `GMSongReport --sfzplay PATH [--bank DIR] [--sf2 FILE] [--runs N]`

if CommandLine.arguments.count >= 3, CommandLine.arguments[1] == "--load-child" {
  BankLoad.runChild(Array(CommandLine.arguments.dropFirst(2)))
  exit(0)
}

do {
  let report = try GMSongReport(arguments: Array(CommandLine.arguments.dropFirst()))
  try report.run()
} catch {
  print("GMSongReport: \(error)")
  exit(1)
}
