import BenchSupport
import Foundation

// The load report: sample memory, resident memory after loading, peak resident memory and load
// time for each corpus instrument (or the SFZ files named on the command line), each loaded in
// a fresh child process (this program with `--child PATH`).
//
//   swift run -c release --package-path Benchmarks LoadReport [INSTRUMENT.sfz ...]

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 2, arguments[0] == "--child" {
  do {
    print(try LoadMeasurement.measureHere(path: arguments[1]).line)
    exit(0)
  } catch {
    print("error \(error)")
    exit(1)
  }
}
let instruments = arguments.isEmpty ? Corpus.instruments : arguments.map(URL.init(fileURLWithPath:))
if instruments.isEmpty {
  print("LoadReport: ../shared/corpus is absent and no SFZ file was named; nothing to load.")
  exit(0)
}
LoadTable.run(instruments)
