import BenchSupport
import Foundation

/// Runs every part of the report, printing as it goes and keeping the text for the file.
struct VoiceReport {
  private var text: [String] = []
  private let started = ThreadCPUClock.wall()
  private let folder = Corpus.packageRoot.appendingPathComponent("results")

  private mutating func emit(_ lines: [String]) {
    for line in lines { print(line) }
    text.append(contentsOf: lines)
  }

  mutating func run() throws(BenchError) {
    let kernels = try CoreEngine(maxVoices: 1, quality: .hermite).kernels
    emit([
      "SFZSampler voice-count report: 48 kHz, 256-frame blocks, one core, thread CPU time,"
        + " fastest of 15 interleaved rounds; SIMD kernels here: \(kernels).",
      "",
    ])
    let matrixCells = RenderConfiguration.matrix.flatMap { configuration in
      RenderConfiguration.voiceCounts.map {
        CostMeasurement.Cell(configuration: configuration, voices: $0)
      }
    }
    var cells = matrixCells
    for cell in HeadlineReport.cells + KernelReport.cells where !cells.contains(cell) {
      cells.append(cell)
    }
    let results = try CostMeasurement.measure(cells)
    let matrix = matrixCells.compactMap { results[$0] }
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let csv = folder.appendingPathComponent("voices.csv")
    let svg = folder.appendingPathComponent("render-cost.svg")
    try write(CSVReport.text(matrix), to: csv)
    let blockSeconds = Double(CostMeasurement.blockFrames) / CostMeasurement.sampleRate
    try write(
      SVGChart.text(
        matrix, blockSeconds: blockSeconds,
        title: "SFZSampler render cost against voice count (48 kHz, 256 frames, one core)"),
      to: svg)

    emit(HeadlineReport.lines(results))
    emit(KernelReport.lines(results))
    emit(MatrixReport.lines(matrix))
    emit(MatrixReport.linearity(matrix))
    emit(try QualityReport.lines())
    emit(MemoryReport.lines())
    let spreads = results.values.map(\.spread).sorted()
    emit([
      String(
        format: "Noise: median/fastest round was %.2f (median cell) and %.2f (worst cell).",
        spreads[spreads.count / 2], spreads.last ?? 0),
      "Wrote \(csv.path) and \(svg.path).",
      String(format: "Report took %.0f s.", ThreadCPUClock.wall() - started),
    ])
    try write(
      text.joined(separator: "\n") + "\n", to: folder.appendingPathComponent("voice-report.txt"))
  }

  private func write(_ content: String, to url: URL) throws(BenchError) {
    do {
      try content.write(to: url, atomically: true, encoding: .utf8)
    } catch {
      throw .file(path: url.path, reason: "\(error)")
    }
  }
}
