import BenchSupport
import Foundation

// The big-library report (issue 14): for a large instrument, by default the 4 GB one
// `make big-library` writes, each measurement in a fresh child process and from a cold page
// cache: load time, resident memory after the load and the first note with each streaming mode,
// then voices streaming for a minute paced in real time (underruns, the reader thread's CPU
// share, render time per block, resident memory). Writes results/stream-report.txt.
//
//   swift run -c release --package-path Benchmarks StreamReport [INSTRUMENT.sfz]
//       [--seconds 60] [--voices 256] [--polyphony 320] [--preload 32768] [--never]
//
// --never also loads the instrument wholly into memory (the figure before streaming; needs
// several GB of memory and a while).

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--child" {
  do {
    print(try ChildCommand.run(Array(arguments.dropFirst())).line)
    exit(0)
  } catch {
    print("error: \(error)")
    exit(1)
  }
}
do {
  let options = try ReportOptions(arguments)
  guard FileManager.default.fileExists(atPath: options.instrument.path) else {
    print(
      "StreamReport: \(options.instrument.path) is absent; `make big-library` writes it "
        + "(about 10 minutes), or name an SFZ file.")
    exit(0)
  }
  var report = StreamReport(options: options)
  try report.run()
} catch {
  print("StreamReport: \(error)")
  exit(1)
}
