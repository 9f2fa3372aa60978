import Foundation

/// The report's text: the load table and the streaming summary, from the children's figures.
enum ReportLines {
  private static let labels = [
    "always": "always, 32K preload [1]", "default": "default settings",
    "never": "never (all in memory)",
  ]

  static let loadHeader = [
    pad("streaming", 24) + pad("load s", 8) + pad("RSS after", 11) + pad("peak RSS", 10)
      + pad("samples held", 14) + pad("streamed", 10) + pad("first note", 12) + pad("onset", 7)
      + "underruns"
  ]

  static let loadNotes = [
    "[1] StreamingSettings(mode: .always, preloadFrames: 32_768, memoryBudget: 1 GB): the "
      + "default budget refuses a preload this large.",
    "load s: wall time of loadInstrument; RSS after: resident memory when it returns (the "
      + "process, empty, holds about 20 MB); samples held: the engine's sample memory;",
    "first note: play to the end of the first block with sound (live mode), onset: its frame; "
      + "underruns: over the note's first 2 s, played in real time.",
    "Goals (issue 14): under 2 s and under 300 MB with a 32K-frame preload.",
  ]

  /// One row of the load table.
  static func loadRow(mode: String, _ result: Result<Figures, ChildFailure>) -> String {
    let label = pad(labels[mode] ?? mode, 24)
    switch result {
    case .failure(let failure): return label + "failed: \(failure)"
    case .success(let f):
      return label + pad(fixed(f["load_s"], 2), 8) + pad(megabytes(f["rss_after_load"]), 11)
        + pad(megabytes(f["peak_rss"]), 10) + pad(megabytes(f["resident_sample_bytes"]), 14)
        + pad(count(f["streamed_samples"]) + "/" + count(f["samples"]), 10)
        + pad(fixed(f["first_note_ms"], 2) + " ms", 12) + pad(count(f["onset_frame"]), 7)
        + count(f["first_note_underruns"])
    }
  }

  /// The summary of the sustained streaming run.
  static func streaming(_ result: Result<Figures, ChildFailure>) -> [String] {
    guard case .success(let f) = result else {
      if case .failure(let failure) = result { return ["  failed: \(failure)"] }
      return []
    }
    let deadline = 256.0 / 48.0
    return [
      "  cached at the start \(fixed((f["cached_at_start"] ?? 0) * 100, 1))%; "
        + "samples streamed \(count(f["streamed_samples"])); "
        + "render thread \((f["realtime_priority"] ?? 0) == 1 ? "SCHED_FIFO" : "normal priority"), "
        + "reader thread \((f["reader_priority_raised"] ?? 0) == 1 ? "nice -10" : "default priority")",
      "  voices sounding after the first 2 s: mean \(fixed(f["voices_mean"], 0)), "
        + "min \(count(f["voices_min"])), max \(count(f["voices_max"])); held notes past their "
        + "preloaded frames (reading from disk): mean \(fixed(f["notes_past_preload_mean"], 0))",
      "  notes started \(count(f["notes_started"])); sustain regions played "
        + "\(count(f["regions_played"])) of \(count(f["regions"]))",
      "  underruns \(count(f["underruns"])) (goal 0), read failures \(count(f["read_failures"]))",
      "  CPU, share of one core: reader thread \(percent(f["reader_cpu_share"])), "
        + "render thread \(percent(f["render_thread_cpu_share"])), "
        + "whole process \(percent(f["process_cpu_share"])); other processes used "
        + "\(fixed(f["other_cores_mean"], 2)) of \(MachineCPU.cpuCount) cores; the hypervisor "
        + "stole \(percent(f["stolen_share"])) of them",
      "  render per block (wall): p50 \(fixed(f["render_p50_ms"], 3)) ms, "
        + "p99 \(fixed(f["render_p99_ms"], 3)), p99.9 \(fixed(f["render_p999_ms"], 3)), "
        + "max \(fixed(f["render_max_ms"], 3)) (deadline \(fixed(deadline, 2)) ms)",
      "  render per block (thread CPU time): p99.9 \(fixed(f["render_cpu_p999_ms"], 3)) ms, "
        + "max \(fixed(f["render_cpu_max_ms"], 3)); blocks finished after their deadline (render and wake-up) "
        + "\(count(f["late_blocks"])) of \(count(f["blocks"]))",
    ] + underrunSeconds(f) + [
      "  late blocks fell in \(count(f["late_seconds"])) seconds of the run, in which the "
        + "hypervisor stole \(percent(f["stolen_late_seconds"])) of the CPUs "
        + "(\(percent(f["stolen_on_time_seconds"])) in the others); the render thread was "
        + "preempted \(count(f["render_preemptions"])) times; render calls took "
        + "\(count(f["render_page_faults"])) page faults, in \(count(f["render_faulting_blocks"])) "
        + "blocks",
      "  RSS during the run: mean \(megabytes(f["rss_mean"])), "
        + "peak \(megabytes(f["rss_peak"])); samples held \(megabytes(f["resident_sample_bytes"]))",
    ]
  }

  /// The seconds with underruns beside what the reader and the other processes did then.
  private static func underrunSeconds(_ f: Figures) -> [String] {
    let seconds = f.values.keys.compactMap { $0.first == "u" ? Int($0.dropFirst()) : nil }.sorted()
    guard !seconds.isEmpty else { return [] }
    let listed = seconds.prefix(12).map { second in
      "\(second) s: \(count(f["u\(second)"])) (reader ran \(percent(f["r\(second)"])), waited "
        + "for a CPU \(percent(f["w\(second)"])); others \(fixed(f["o\(second)"], 1)) cores)"
    }
    return [
      "  underruns by second of the run: " + listed.joined(separator: ", ")
        + (seconds.count > 12 ? ", ..." : ""),
      "  seconds without underruns: reader ran \(percent(f["reader_share_quiet"])), waited for a "
        + "CPU \(percent(f["reader_wait_quiet"])); other processes \(fixed(f["other_cores_quiet"], 2)) "
        + "cores",
    ]
  }

  private static func fixed(_ value: Double?, _ digits: Int) -> String {
    value.map { String(format: "%.\(digits)f", $0) } ?? "-"
  }

  private static func count(_ value: Double?) -> String {
    value.map { String(Int($0)) } ?? "-"
  }

  private static func percent(_ value: Double?) -> String {
    value.map { String(format: "%.1f%%", $0 * 100) } ?? "-"
  }

  private static func megabytes(_ bytes: Double?) -> String {
    bytes.map { String(format: "%.0f MB", $0 / 1_048_576) } ?? "-"
  }

  /// Left-aligns `text` in a column of `width` characters.
  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}
