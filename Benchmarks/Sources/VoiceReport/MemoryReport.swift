import BenchSupport
import Foundation
import SFZ
import SFZSampler

/// Sample memory per second of audio and peak RSS after loading each corpus instrument. Each
/// instrument loads in a child process (this program with `--memory-child`), so that every peak
/// RSS starts from the same empty process.
enum MemoryReport {
  struct ChildResult {
    let sampleBytes: Int
    let regions: Int
    let samples: Int
    let peakRSSBytes: Int
    let loadSeconds: Double
  }

  /// The child's side: loads `path` (or nothing for "none") and prints one line of figures.
  static func runChild(path: String) {
    var line = "0 0 0"
    var seconds = 0.0
    if path != "none" {
      let sampler = Sampler(sampleRate: 48_000, maximumPolyphony: 256)
      do {
        let report = try sampler.loadInstrument(url: URL(fileURLWithPath: path))
        line = "\(report.sampleBytes) \(report.regionCount) \(report.sampleCount)"
        seconds = report.loadSeconds
      } catch {
        print("error \(error)")
        return
      }
    }
    print("\(line) \(ProcessMemory.peakResidentBytes()) \(seconds)")
  }

  static func child(_ path: String) -> ChildResult? {
    guard let output = Tool.output(CommandLine.arguments[0], ["--memory-child", path]) else {
      return nil
    }
    let fields = output.split(separator: " ").compactMap { Double($0) }
    guard fields.count == 5 else { return nil }
    return ChildResult(
      sampleBytes: Int(fields[0]), regions: Int(fields[1]), samples: Int(fields[2]),
      peakRSSBytes: Int(fields[3]), loadSeconds: fields[4])
  }

  /// Seconds of audio in the sample files the instrument's regions name (read with `sox --i -D`).
  static func audioSeconds(_ url: URL) -> Double? {
    guard let instrument = try? SFZInstrument.load(url: url) else { return nil }
    let files = Set(
      instrument.regions.compactMap { region in
        region.sampleExists && region.samplePath?.hasPrefix("*") == false
          ? region.samplePath : nil
      })
    var total = 0.0
    for file in files {
      guard let text = Tool.output("sox", ["--i", "-D", file]), let seconds = Double(text) else {
        return nil
      }
      total += seconds
    }
    return total
  }

  static func lines() -> [String] {
    guard Corpus.isAvailable else { return ["Memory: ../shared/corpus is absent; skipped."] }
    var lines: [String] = []
    let baseline = child("none")
    lines.append(
      "Memory after loading each corpus instrument (one fresh process each; an empty process"
        + " peaks at \(megabytes(baseline?.peakRSSBytes ?? 0))):")
    lines.append(
      pad("instrument", 44) + pad("regions", 9) + pad("samples", 9) + pad("audio s", 9)
        + pad("MB held", 9) + pad("B per s", 10) + pad("peak RSS", 10) + "load s")
    for url in Corpus.instruments {
      guard let result = child(url.path) else {
        lines.append(pad(url.lastPathComponent, 44) + "failed to load")
        continue
      }
      let seconds = audioSeconds(url) ?? 0
      let perSecond =
        seconds > 0 ? String(format: "%.0f", Double(result.sampleBytes) / seconds) : "?"
      lines.append(
        pad(String(url.deletingPathExtension().lastPathComponent.prefix(42)), 44)
          + pad("\(result.regions)", 9) + pad("\(result.samples)", 9)
          + pad(String(format: "%.1f", seconds), 9)
          + pad(String(format: "%.1f", Double(result.sampleBytes) / 1_048_576), 9)
          + pad(perSecond, 10) + pad(megabytes(result.peakRSSBytes), 10)
          + String(format: "%.3f", result.loadSeconds))
    }
    lines.append("")
    return lines
  }

  private static func megabytes(_ bytes: Int) -> String {
    String(format: "%.1f MB", Double(bytes) / 1_048_576)
  }
}

/// Left-aligns `text` in a column of `width` characters.
func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}
