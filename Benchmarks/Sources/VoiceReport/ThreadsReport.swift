import BenchSupport
import Foundation

/// Offline rendering on every core: the sfzplay process rendering 256 sustained voices for 10 s
/// on one thread and on two, wall-clock time, fastest of interleaved runs.
enum ThreadsReport {
  struct Row {
    let label: String
    let filter: Bool
    let oneThread: ChildRun
    let twoThreads: ChildRun
  }

  static func measure(sfzplay: URL, runs: Int = 3) throws(BenchError) -> [Row] {
    let fixture = try SustainedVoices(voices: 256, seconds: 10)
    defer { fixture.remove() }
    var rows: [Row] = []
    for (label, filter) in [("Hermite", false), ("Hermite + 2-pole LPF", true)] {
      var best: [Int: ChildRun] = [:]
      for _ in 0..<runs {
        for threads in [1, 2] {
          let arguments = [
            fixture.instrument(filter: filter).path, fixture.song.path,
            "-o", fixture.folder.appendingPathComponent("out.wav").path, "--tail", "0",
            "--threads", "\(threads)", "--quiet",
          ]
          guard let run = ChildRun.run(sfzplay, arguments) else {
            throw .tool(command: sfzplay.path + " " + arguments.joined(separator: " "), status: 1)
          }
          if run.wallSeconds < best[threads]?.wallSeconds ?? .infinity { best[threads] = run }
        }
      }
      if let one = best[1], let two = best[2] {
        rows.append(Row(label: label, filter: filter, oneThread: one, twoThreads: two))
      }
    }
    return rows
  }

  static func lines(_ rows: [Row]?) -> [String] {
    guard let rows else {
      return ["Threads: skipped (give the built sfzplay with --sfzplay PATH).", ""]
    }
    var lines = [
      "Threads: sfzplay rendering 256 sustained voices for 10 s (256-frame blocks) with"
        + " --threads 1 and 2 on this 2-core machine; wall seconds of the whole process, fastest"
        + " of 3 interleaved runs, and its CPU seconds.",
      pad("configuration", 24) + pad("1 thread", 20) + pad("2 threads", 20) + "speed-up",
    ]
    for row in rows {
      func cell(_ run: ChildRun) -> String {
        String(format: "%.3f s (%.3f CPU)", run.wallSeconds, run.cpuSeconds)
      }
      lines.append(
        pad(row.label, 24) + pad(cell(row.oneThread), 20) + pad(cell(row.twoThreads), 20)
          + String(format: "%.2fx", row.oneThread.wallSeconds / row.twoThreads.wallSeconds))
    }
    lines.append("")
    return lines
  }
}
