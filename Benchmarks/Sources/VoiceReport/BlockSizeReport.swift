import BenchSupport
import Foundation

/// The comparison at every block size from 32 to 1,024 frames: for each headline
/// configuration, the kernel figure (the C engine driven alone in this process, 256 sustained
/// voices) next to the whole `sfzplay` process (256 sustained voices for 10 s: parsing, loading,
/// events, envelopes, mixing, conversion to 24 bits and writing included), with the reference
/// C++ engine's figure where the issue measured it.
enum BlockSizeReport {
  static let blocks = [32, 64, 256, 1_024]
  static let voices = 256

  /// One configuration as the kernel measurement and sfzplay name it.
  struct Row {
    let label: String
    let configuration: RenderConfiguration
    /// The reference C++ engine's voices per core, by block size, where the issue measured it.
    let reference: [Int: Double]
  }

  static let rows = [
    Row(
      label: "linear", configuration: RenderConfiguration(interpolation: .linear),
      reference: [256: 766]),
    Row(
      label: "Hermite", configuration: RenderConfiguration(interpolation: .hermite),
      reference: [32: 422, 256: 734, 1_024: 517]),
    Row(
      label: "Hermite + 2-pole LPF",
      configuration: RenderConfiguration(interpolation: .hermite, filter: true),
      reference: [256: 597]),
    Row(
      label: "16-point sinc", configuration: RenderConfiguration(interpolation: .sinc),
      reference: [256: 249]),
  ]

  /// The kernel cells this report needs.
  static var cells: [CostMeasurement.Cell] {
    rows.flatMap { row in
      blocks.map {
        CostMeasurement.Cell(configuration: row.configuration, voices: voices, blockFrames: $0)
      }
    }
  }

  /// The whole process's voices per core (voices x seconds / CPU seconds) for each row and
  /// block size: the fastest of `runs` runs, the cells interleaved run by run.
  static func processFigures(sfzplay: URL, runs: Int = 5) throws(BenchError) -> [String: Double] {
    let fixture = try SustainedVoices(voices: voices, seconds: 10)
    defer { fixture.remove() }
    let output = fixture.folder.appendingPathComponent("out.wav").path
    var best: [String: Double] = [:]
    for _ in 0..<runs {
      for row in rows {
        for block in blocks {
          let arguments = [
            fixture.instrument(filter: row.configuration.filter).path, fixture.song.path,
            "-o", output, "--tail", "0", "--quality", row.configuration.interpolation.rawValue,
            "--block-size", "\(block)", "--threads", "1", "--quiet",
          ]
          guard let run = ChildRun.run(sfzplay, arguments) else {
            throw .tool(command: sfzplay.path + " " + arguments.joined(separator: " "), status: 1)
          }
          let key = "\(row.label)@\(block)"
          best[key] = max(best[key] ?? 0, Double(voices) * fixture.seconds / run.cpuSeconds)
        }
      }
    }
    return best
  }

  static func lines(
    _ kernel: [CostMeasurement.Cell: CostMeasurement], process: [String: Double]?
  ) -> [String] {
    var lines = [
      "Block sizes: 256 sustained stereo 24-bit looped voices at ratios near 1.5; voices per"
        + " core. kernel = this process driving the C engine (thread CPU, fastest of 15 rounds);"
        + " whole = the sfzplay process rendering 10 s of them (process CPU, fastest of 5"
        + " interleaved runs); reference = the C++ engine, whole process (the issue's figures).",
      pad("configuration", 24) + pad("block", 7) + pad("kernel", 9) + pad("whole", 9)
        + pad("whole/kernel", 14) + pad("reference", 11) + "whole/reference",
    ]
    for row in rows {
      for block in blocks {
        let cell = CostMeasurement.Cell(
          configuration: row.configuration, voices: voices, blockFrames: block)
        let core = kernel[cell]?.voicesPerCore
        let whole = process?["\(row.label)@\(block)"]
        let reference = row.reference[block]
        var line = pad(row.label, 24) + pad("\(block)", 7)
        line += pad(core.map { String(format: "%.0f", $0) } ?? "-", 9)
        line += pad(whole.map { String(format: "%.0f", $0) } ?? "-", 9)
        if let core, let whole {
          line += pad(String(format: "%.2f", whole / core), 14)
        } else {
          line += pad("-", 14)
        }
        line += pad(reference.map { String(format: "%.0f", $0) } ?? "-", 11)
        if let whole, let reference {
          line += String(format: "%.1fx", whole / reference)
        } else {
          line += "-"
        }
        lines.append(line)
      }
    }
    if process == nil {
      lines.append(
        "(whole-process figures skipped: give the built sfzplay with --sfzplay PATH, as"
          + " `make bench` does)")
    }
    lines.append("")
    return lines
  }
}
