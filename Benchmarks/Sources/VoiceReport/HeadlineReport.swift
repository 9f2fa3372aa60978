import BenchSupport
import Foundation

/// The four headline configurations against their targets, at 1,024 and 2,048 voices, and with
/// the portable kernels for the SIMD gain; each with its sample kept as floats and, on the row
/// after, as 16-bit integers.
enum HeadlineReport {
  /// Each headline configuration with float samples, then with 16-bit samples.
  private static var rows: [(label: String, headline: Headline, configuration: RenderConfiguration)]
  {
    Headline.all.flatMap { headline in
      var compact = headline.configuration
      compact.int16Samples = true
      return [
        (headline.label, headline, headline.configuration),
        (headline.label + ", 16-bit", headline, compact),
      ]
    }
  }

  /// The cells this report needs besides the matrix.
  static var cells: [CostMeasurement.Cell] {
    rows.flatMap { row in
      var portable = row.configuration
      portable.portableKernels = true
      return [
        CostMeasurement.Cell(configuration: row.configuration, voices: 1_024),
        CostMeasurement.Cell(configuration: row.configuration, voices: 2_048),
        CostMeasurement.Cell(configuration: portable, voices: 1_024),
      ]
    }
  }

  static func lines(_ results: [CostMeasurement.Cell: CostMeasurement]) -> [String] {
    var lines = [
      "Headline (stereo looped 24-bit sample, non-integer ratios near 1.5): voices per core in"
        + " real time; \", 16-bit\" rows keep the same sample rounded to 16-bit integers",
      pad("configuration", 30) + pad("C++ ref", 9) + pad("target 3x", 11) + pad("@1024 v", 10)
        + pad("vs target", 11) + pad("@2048 v", 10) + pad("portable", 10) + "SIMD gain",
    ]
    var compactGains: [String] = []
    for row in rows {
      var portable = row.configuration
      portable.portableKernels = true
      guard
        let at1024 = results[.init(configuration: row.configuration, voices: 1_024)],
        let at2048 = results[.init(configuration: row.configuration, voices: 2_048)],
        let plain = results[.init(configuration: portable, voices: 1_024)]
      else { continue }
      let headline = row.headline
      lines.append(
        pad(row.label, 30) + pad(String(format: "%.0f", headline.referenceVoices), 9)
          + pad(String(format: "%.0f", headline.targetVoices), 11)
          + pad(String(format: "%.0f", at1024.voicesPerCore), 10)
          + pad(String(format: "%.2fx", at1024.voicesPerCore / headline.targetVoices), 11)
          + pad(String(format: "%.0f", at2048.voicesPerCore), 10)
          + pad(String(format: "%.0f", plain.voicesPerCore), 10)
          + String(format: "%.2fx", at1024.voicesPerCore / plain.voicesPerCore))
      if row.configuration.int16Samples,
        let float = results[.init(configuration: headline.configuration, voices: 1_024)]
      {
        compactGains.append(
          headline.label + String(format: " %.2fx", at1024.voicesPerCore / float.voicesPerCore))
      }
    }
    lines.append(
      "(vs target = voices per core at 1,024 voices / (3 x C++ reference); >= 1.00x meets it.)")
    if !compactGains.isEmpty {
      lines.append(
        "16-bit samples against float at 1,024 voices: " + compactGains.joined(separator: ", ")
          + ".")
    }
    lines.append("")
    return lines
  }
}

/// SIMD against portable kernels for each quality and channel count, without a filter.
enum KernelReport {
  private static var configurations: [RenderConfiguration] {
    Interpolation.allCases.flatMap { interpolation in
      [true, false].map { RenderConfiguration(interpolation: interpolation, stereo: $0) }
    }
  }

  /// The cells this report needs besides the matrix.
  static var cells: [CostMeasurement.Cell] {
    configurations.map { simd in
      var portable = simd
      portable.portableKernels = true
      return CostMeasurement.Cell(configuration: portable, voices: 1_024)
    }
  }

  static func lines(_ results: [CostMeasurement.Cell: CostMeasurement]) -> [String] {
    var lines = [
      "Kernels at 1,024 voices, ratio near 1.5, no filter: voices per core",
      pad("configuration", 24) + pad("SIMD", 9) + pad("portable", 10) + "gain",
    ]
    for simd in configurations {
      var portable = simd
      portable.portableKernels = true
      guard let fast = results[.init(configuration: simd, voices: 1_024)],
        let plain = results[.init(configuration: portable, voices: 1_024)]
      else { continue }
      lines.append(
        pad(simd.name, 24) + pad(String(format: "%.0f", fast.voicesPerCore), 9)
          + pad(String(format: "%.0f", plain.voicesPerCore), 10)
          + String(format: "%.2fx", fast.voicesPerCore / plain.voicesPerCore))
    }
    lines.append("")
    return lines
  }
}
