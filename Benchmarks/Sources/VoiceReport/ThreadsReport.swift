import BenchSupport
import Foundation
import SFZSampler

/// Offline rendering on every core: the sfzplay process rendering 256 sustained voices for 10 s
/// on one thread and on two, wall-clock time, fastest of interleaved runs; and the same song's
/// render call alone, in this process, where starting the process and loading do not count.
enum ThreadsReport {
  struct Row {
    let label: String
    let filter: Bool
    let oneThread: ChildRun
    let twoThreads: ChildRun
    /// Wall seconds of the song's render in this process, on one thread and on two, and of two
    /// independent one-thread renders side by side.
    let renderOne: Double
    let renderTwo: Double
    let renderPair: Double
  }

  /// The fastest of `runs` interleaved renders of `fixture` in this process: on one thread, on
  /// two (an OfflineRenderer), and two independent one-thread renders of it side by side, each
  /// with a sampler of its own on a thread of its own (what two cores give this work at that
  /// moment, with nothing shared).
  static func renderCall(_ fixture: SustainedVoices, filter: Bool, runs: Int) throws(BenchError)
    -> (one: Double, two: Double, pair: Double)
  {
    let instrument = fixture.instrument(filter: filter)
    let song = try SongRender(instrument: instrument, song: fixture.song)
    let other = try SongRender(instrument: instrument, song: fixture.song)
    let renderer: OfflineRenderer
    do {
      renderer = try OfflineRenderer(sampler: song.sampler, threads: 2)
    } catch {
      throw .engine("\(error)")
    }
    func timed(_ body: () -> Void) -> Double {
      let start = ThreadCPUClock.wall()
      body()
      return ThreadCPUClock.wall() - start
    }
    var best = (one: Double.infinity, two: Double.infinity, pair: Double.infinity)
    for _ in 0..<runs {
      best.one = min(best.one, timed { song.render() })
      best.two = min(best.two, timed { song.render(on: renderer) })
      best.pair = min(
        best.pair,
        timed {
          let done = DispatchSemaphore(value: 0)
          nonisolated(unsafe) let second = other
          Thread {
            second.render()
            done.signal()
          }.start()
          song.render()
          done.wait()
        })
    }
    return best
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
      let call = try renderCall(fixture, filter: filter, runs: runs)
      if let one = best[1], let two = best[2] {
        rows.append(
          Row(
            label: label, filter: filter, oneThread: one, twoThreads: two, renderOne: call.one,
            renderTwo: call.two, renderPair: call.pair))
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
        + " of 3 interleaved runs, and its CPU seconds. Then the song's render alone (SongRenderer"
        + " with an OfflineRenderer, 256-frame blocks) in this process, wall seconds, fastest of 3;"
        + " and what two cores give at all: two independent one-thread renders side by side, as"
        + " one render's speed-up (twice the one-thread time over the pair's).",
      pad("configuration", 24) + pad("1 thread", 22) + pad("2 threads", 22) + "speed-up",
    ]
    for row in rows {
      func cell(_ run: ChildRun) -> String {
        String(format: "%.3f s (%.3f CPU)", run.wallSeconds, run.cpuSeconds)
      }
      lines.append(
        pad(row.label, 24) + pad(cell(row.oneThread), 22) + pad(cell(row.twoThreads), 22)
          + String(format: "%.2fx", row.oneThread.wallSeconds / row.twoThreads.wallSeconds))
      lines.append(
        pad("  render call", 24) + pad(String(format: "%.3f s", row.renderOne), 22)
          + pad(String(format: "%.3f s", row.renderTwo), 22)
          + String(format: "%.2fx", row.renderOne / row.renderTwo))
      lines.append(
        pad("  two alone side by side", 46) + pad(String(format: "%.3f s", row.renderPair), 22)
          + String(format: "%.2fx", 2 * row.renderOne / row.renderPair))
    }
    lines.append("")
    return lines
  }
}
