import BenchSupport
import Foundation

/// Runs every part of the report, printing as it goes and keeping the text for the file.
struct VoiceReport {
  private var text: [String] = []
  private let started = ThreadCPUClock.wall()
  private let folder = Corpus.packageRoot.appendingPathComponent("results")
  let options: ReportOptions

  init(options: ReportOptions) {
    self.options = options
  }

  private mutating func emit(_ lines: [String]) {
    for line in lines { print(line) }
    text.append(contentsOf: lines)
  }

  mutating func run() throws(BenchError) {
    let kernels = try CoreEngine(maxVoices: 1, quality: .hermite).kernels
    emit([
      "SFZSampler voice-count report: 48 kHz, one core unless said, thread CPU time; SIMD"
        + " kernels here: \(kernels); 1-minute load average at the start: \(loadAverage()).",
      "",
    ])
    let sections = options.sections
    let matrixCells = RenderConfiguration.matrix.flatMap { configuration in
      RenderConfiguration.voiceCounts.map {
        CostMeasurement.Cell(configuration: configuration, voices: $0)
      }
    }
    var cells: [CostMeasurement.Cell] = []
    if sections.contains(.matrix) {
      cells = matrixCells + HeadlineReport.cells + KernelReport.cells
    }
    if sections.contains(.blocks) { cells += BlockSizeReport.cells }
    var unique: [CostMeasurement.Cell] = []
    for cell in cells where !unique.contains(cell) { unique.append(cell) }
    let results = try CostMeasurement.measure(unique)
    if sections.contains(.matrix) { try matrixSections(results, matrixCells) }
    if sections.contains(.blocks) {
      let process = try options.sfzplay.map { (url) throws(BenchError) in
        try BlockSizeReport.processFigures(sfzplay: url)
      }
      emit(BlockSizeReport.lines(results, process: process))
    }
    if sections.contains(.deadline) {
      var deadlines: [DeadlineReport.Result] = []
      for row in BlockSizeReport.rows {
        deadlines.append(try DeadlineReport.measure(row.label, row.configuration))
      }
      emit(DeadlineReport.lines(deadlines))
    }
    if sections.contains(.corpus) { emit(CorpusSongReport.lines(try CorpusSongReport.measure())) }
    if sections.contains(.threads) {
      let rows = try options.sfzplay.map { (url) throws(BenchError) in
        try ThreadsReport.measure(sfzplay: url)
      }
      emit(ThreadsReport.lines(rows))
    }
    let spreads = results.values.map(\.spread).sorted()
    if !spreads.isEmpty {
      emit([
        String(
          format: "Noise: median/fastest round was %.2f (median cell) and %.2f (worst cell).",
          spreads[spreads.count / 2], spreads.last ?? 0)
      ])
    }
    emit([
      "1-minute load average at the end: \(loadAverage()).",
      String(format: "Report took %.0f s.", ThreadCPUClock.wall() - started),
    ])
    if options.isComplete {
      try write(
        text.joined(separator: "\n") + "\n",
        to: folder.appendingPathComponent("voice-report.txt"))
    }
  }

  /// The matrix and what is read from it: headline, kernels, linearity; quality and memory.
  private mutating func matrixSections(
    _ results: [CostMeasurement.Cell: CostMeasurement], _ matrixCells: [CostMeasurement.Cell]
  ) throws(BenchError) {
    let matrix = matrixCells.compactMap { results[$0] }
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let csv = folder.appendingPathComponent("voices.csv")
    let svg = folder.appendingPathComponent("render-cost.svg")
    if options.isComplete {
      try write(CSVReport.text(matrix), to: csv)
      let blockSeconds =
        Double(CostMeasurement.standardBlockFrames) / CostMeasurement.sampleRate
      try write(
        SVGChart.text(
          matrix, blockSeconds: blockSeconds,
          title: "SFZSampler render cost against voice count (48 kHz, 256 frames, one core)"),
        to: svg)
    }
    emit([
      "Matrix, headline and kernels: 256-frame blocks, fastest of 15 interleaved rounds.", "",
    ])
    emit(HeadlineReport.lines(results))
    emit(KernelReport.lines(results))
    emit(MatrixReport.lines(matrix))
    emit(MatrixReport.linearity(matrix))
    emit(try QualityReport.lines())
    emit(MemoryReport.lines())
    if options.isComplete { emit(["Wrote \(csv.path) and \(svg.path).", ""]) }
  }

  private func write(_ content: String, to url: URL) throws(BenchError) {
    do {
      try content.write(to: url, atomically: true, encoding: .utf8)
    } catch {
      throw .file(path: url.path, reason: "\(error)")
    }
  }
}
