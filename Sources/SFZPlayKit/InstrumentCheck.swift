import Foundation
import SFZ
import SFZSampler

/// `sfzplay --check`: loads an instrument completely and prints what it holds and every
/// diagnostic.
struct InstrumentCheck {
  var path: GivenPath
  var isStrict: Bool

  /// Prints the report line by line; returns false when the instrument has errors (or
  /// warnings, with `--strict`).
  func run(printing printLine: (String) -> Void) throws(SFZPlayError) -> Bool {
    guard FileManager.default.fileExists(atPath: path.path) else {
      throw .missingInput(path: path.text, role: "instrument")
    }
    let report: InstrumentReport
    do {
      report = try Sampler().loadInstrument(url: path.url)
    } catch {
      throw .instrument(error)
    }
    printLine(Self.summary(report))
    for diagnostic in report.diagnostics {
      printLine(diagnostic.description)
    }
    let errors = report.diagnostics.filter { $0.severity == .error }.count
    let warnings = report.diagnostics.count - errors
    printLine(
      "\(warnings) warning\(warnings == 1 ? "" : "s"), \(errors) error\(errors == 1 ? "" : "s")")
    return errors == 0 && !(isStrict && warnings > 0)
  }

  /// One line: regions, samples, memory, key and velocity coverage, load time.
  static func summary(_ report: InstrumentReport) -> String {
    let megabytes = Double(report.sampleBytes) / 1_048_576
    let keys = report.keyRange.map {
      "keys \($0.lowerBound)...\($0.upperBound) (\(noteName($0.lowerBound))"
        + "...\(noteName($0.upperBound)))"
    }
    let velocities = report.velocityRange.map {
      "velocities \($0.lowerBound)...\($0.upperBound)"
    }
    let parts =
      [
        "\(report.regionCount) regions",
        "\(report.sampleCount) samples",
        String(format: "%.1f MB in memory", megabytes),
      ] + [keys ?? "no playable keys", velocities ?? "no velocities"]
      + [String(format: "loaded in %.2f s", report.loadSeconds)]
    return "\(report.path): " + parts.joined(separator: ", ")
  }

  /// Scientific pitch notation with middle C (60) as C4.
  static func noteName(_ key: Int) -> String {
    let names = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
    let octave = key / 12 - 1
    return "\(names[((key % 12) + 12) % 12])\(octave)"
  }
}
