import BenchSupport
import Foundation

/// The full matrix as a table, and whether cost grows linearly with the voice count.
enum MatrixReport {
  static func lines(_ matrix: [CostMeasurement]) -> [String] {
    let counts = RenderConfiguration.voiceCounts
    var lines = [
      "Voices per core in real time, by active voice count (cost of the whole block / voices):",
      pad("configuration", 36) + counts.map { pad("\($0) v", 9) }.joined(),
    ]
    for configuration in RenderConfiguration.matrix {
      let row = counts.map { count in
        matrix.first { $0.configuration == configuration && $0.voices == count }
      }
      lines.append(
        pad(configuration.name, 36)
          + row.map { pad($0.map { String(format: "%.0f", $0.voicesPerCore) } ?? "-", 9) }
          .joined())
    }
    lines.append("")
    return lines
  }

  /// Cost per voice at each count relative to 1,024 voices: 1.00 everywhere is a straight line.
  static func linearity(_ matrix: [CostMeasurement]) -> [String] {
    let counts = RenderConfiguration.voiceCounts
    var lines = [
      "Linearity: cost per voice relative to the cost per voice at 1,024 voices"
        + " (1.00 = on the straight line; > 1 = dearer per voice).",
      pad("configuration", 36) + counts.map { pad("\($0) v", 9) }.joined() + "fixed us/block",
    ]
    var worst: (name: String, count: Int, ratio: Double) = ("", 0, 1)
    for configuration in RenderConfiguration.matrix {
      let row = counts.compactMap { count in
        matrix.first { $0.configuration == configuration && $0.voices == count }
      }
      guard let reference = row.last, row.count == counts.count else { continue }
      let ratios = row.map { $0.secondsPerVoiceFrame / reference.secondsPerVoiceFrame }
      for (index, ratio) in ratios.enumerated() where counts[index] >= 16 {
        if abs(ratio - 1) > abs(worst.ratio - 1) {
          worst = (configuration.name, counts[index], ratio)
        }
      }
      // Least-squares line through (voices, block seconds): its intercept is the fixed cost.
      let xs = row.map { Double($0.voices) }
      let ys = row.map(\.secondsPerBlock)
      let meanX = xs.reduce(0, +) / Double(xs.count)
      let meanY = ys.reduce(0, +) / Double(ys.count)
      var covariance = 0.0
      var variance = 0.0
      for (x, y) in zip(xs, ys) {
        covariance += (x - meanX) * (y - meanY)
        variance += (x - meanX) * (x - meanX)
      }
      let slope = covariance / variance
      let intercept = meanY - slope * meanX
      lines.append(
        pad(configuration.name, 36) + ratios.map { pad(String(format: "%.2f", $0), 9) }.joined()
          + String(format: "%.1f", intercept * 1e6))
    }
    lines.append(
      "Largest deviation from 16 voices up: \(worst.name) at \(worst.count) voices, "
        + String(format: "%.2f", worst.ratio) + "x the per-voice cost at 1,024.")
    lines.append("")
    return lines
  }
}
