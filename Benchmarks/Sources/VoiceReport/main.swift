import BenchSupport
import Foundation

// The voice-count report: render cost matrix, headline voices per core against the targets,
// linearity, interpolation SNR and memory; kernel and whole-process figures at blocks 32...1024,
// the 64-frame deadline, a dense corpus song and the threads' speed-up. Writes
// results/voices.csv, results/render-cost.svg and results/voice-report.txt when every section
// runs. `VoiceReport [--sfzplay PATH] [--only matrix,blocks,deadline,corpus,threads]`.

if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--memory-child" {
  MemoryReport.runChild(path: CommandLine.arguments[2])
  exit(0)
}

do {
  var report = VoiceReport(options: try ReportOptions(Array(CommandLine.arguments.dropFirst())))
  try report.run()
} catch {
  print("VoiceReport: \(error)")
  exit(1)
}
