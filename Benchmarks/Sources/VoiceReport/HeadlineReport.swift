import BenchSupport
import Foundation

/// The four headline configurations against their targets, at 1,024 voices (from the matrix)
/// and re-measured at 2,048 voices, and with the portable kernels for the SIMD gain.
enum HeadlineReport {
  static func lines(matrix: [CostMeasurement]) throws(BenchError) -> [String] {
    var lines = [
      "Headline (stereo looped 24-bit sample, non-integer ratios near 1.5): voices per core in"
        + " real time",
      pad("configuration", 24) + pad("C++ ref", 9) + pad("target 3x", 11) + pad("@1024 v", 10)
        + pad("vs target", 11) + pad("@2048 v", 10) + pad("portable", 10) + "SIMD gain",
    ]
    for headline in Headline.all {
      let at1024 = matrix.first { $0.configuration == headline.configuration && $0.voices == 1_024 }
      guard let at1024 else { continue }
      let at2048 = try CostMeasurement.measure(headline.configuration, voices: 2_048)
      var portable = headline.configuration
      portable.portableKernels = true
      let plain = try CostMeasurement.measure(portable, voices: 1_024)
      lines.append(
        pad(headline.label, 24) + pad(String(format: "%.0f", headline.referenceVoices), 9)
          + pad(String(format: "%.0f", headline.targetVoices), 11)
          + pad(String(format: "%.0f", at1024.voicesPerCore), 10)
          + pad(String(format: "%.2fx", at1024.voicesPerCore / headline.targetVoices), 11)
          + pad(String(format: "%.0f", at2048.voicesPerCore), 10)
          + pad(String(format: "%.0f", plain.voicesPerCore), 10)
          + String(format: "%.2fx", at1024.voicesPerCore / plain.voicesPerCore))
    }
    lines.append(
      "(vs target = voices per core at 1,024 voices / (3 x C++ reference); >= 1.00x meets it.)")
    lines.append("")
    return lines
  }
}

/// SIMD against portable kernels for each quality and channel count, without a filter.
enum KernelReport {
  static func lines() throws(BenchError) -> [String] {
    var lines = [
      "Kernels at 1,024 voices, ratio near 1.5, no filter: voices per core",
      pad("configuration", 24) + pad("SIMD", 9) + pad("portable", 10) + "gain",
    ]
    for interpolation in Interpolation.allCases {
      for stereo in [true, false] {
        let simd = RenderConfiguration(interpolation: interpolation, stereo: stereo)
        var portable = simd
        portable.portableKernels = true
        let fast = try CostMeasurement.measure(simd, voices: 1_024)
        let plain = try CostMeasurement.measure(portable, voices: 1_024)
        lines.append(
          pad(simd.name, 24) + pad(String(format: "%.0f", fast.voicesPerCore), 9)
            + pad(String(format: "%.0f", plain.voicesPerCore), 10)
            + String(format: "%.2fx", fast.voicesPerCore / plain.voicesPerCore))
      }
    }
    lines.append("")
    return lines
  }
}
