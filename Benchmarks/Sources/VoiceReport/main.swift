import BenchSupport
import Foundation

// The voice-count report: render cost matrix, headline voices per core against the targets,
// linearity, interpolation SNR and memory. Writes results/voices.csv, results/render-cost.svg
// and results/voice-report.txt.

if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--memory-child" {
  MemoryReport.runChild(path: CommandLine.arguments[2])
  exit(0)
}

var report = VoiceReport()
do {
  try report.run()
} catch {
  print("VoiceReport: \(error)")
  exit(1)
}
