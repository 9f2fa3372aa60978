import Foundation

/// The report: one row per instrument, each loaded in a fresh process.
enum LoadTable {
  /// Loads each instrument in a child process and prints a row as it finishes.
  static func run(_ instruments: [URL]) {
    let empty = LoadMeasurement.inChild(path: "none")
    print(
      "Loading each instrument with Sampler.loadInstrument in a fresh process (an empty one "
        + "holds \(megabytes(empty?.residentBytes ?? 0)) resident):")
    print(
      pad("instrument", 40) + pad("regions", 9) + pad("samples", 9) + pad("sample MB", 11)
        + pad("RSS after", 11) + pad("peak RSS", 10) + "load s")
    for url in instruments {
      let name = String(url.deletingPathExtension().lastPathComponent.prefix(38))
      guard let result = LoadMeasurement.inChild(path: url.path) else {
        print(pad(name, 40) + "failed to load")
        continue
      }
      print(
        pad(name, 40) + pad("\(result.regions)", 9) + pad("\(result.samples)", 9)
          + pad(String(format: "%.1f", Double(result.sampleBytes) / 1_048_576), 11)
          + pad(megabytes(result.residentBytes), 11) + pad(megabytes(result.peakResidentBytes), 10)
          + String(format: "%.3f", result.loadSeconds))
    }
  }

  private static func megabytes(_ bytes: Int) -> String {
    String(format: "%.1f MB", Double(bytes) / 1_048_576)
  }

  /// Left-aligns `text` in a column of `width` characters.
  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}
