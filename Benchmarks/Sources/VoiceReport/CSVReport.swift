import Foundation

/// The cost matrix as CSV: one row per configuration and voice count.
enum CSVReport {
  static let header =
    "configuration,interpolation,channels,filter,ratio,kernels,voices,"
    + "seconds_per_block,seconds_per_voice_frame,voices_per_core,repetition_spread"

  static func text(_ rows: [CostMeasurement]) -> String {
    let lines = rows.map { row -> String in
      let c = row.configuration
      let fields: [String] = [
        c.name, c.interpolation.rawValue, c.stereo ? "stereo" : "mono", c.filter ? "lpf2p" : "none",
        c.pitched ? "1.5" : "1", c.portableKernels ? "portable" : "simd", "\(row.voices)",
        String(format: "%.9f", row.secondsPerBlock),
        String(format: "%.4e", row.secondsPerVoiceFrame),
        String(format: "%.0f", row.voicesPerCore), String(format: "%.3f", row.spread),
      ]
      return fields.joined(separator: ",")
    }
    return ([header] + lines).joined(separator: "\n") + "\n"
  }
}
