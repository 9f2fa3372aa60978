import BenchSupport
import Foundation

/// The interpolation-quality table: SNR of a 1 kHz sine shifted +7 and -12 semitones.
enum QualityReport {
  static func lines() throws(BenchError) -> [String] {
    var lines = [
      "Interpolation quality: 1 kHz sine sample (48 kHz, 1,000 whole periods looped) played"
        + " +7 and -12 semitones; SNR = fitted sine / residual.",
      pad("quality", 10) + pad("shift", 7) + pad("SNR dB", 9) + pad("at exact f", 12)
        + pad("cents off", 11) + "textbook (same interpolator, double precision)",
    ]
    for interpolation in Interpolation.allCases {
      for semitones in [7, -12] {
        let test = try InterpolationQualityTest.run(interpolation, semitones: semitones)
        lines.append(
          pad(interpolation.rawValue, 10) + pad(String(format: "%+d", semitones), 7)
            + pad(String(format: "%.1f", test.snr), 9)
            + pad(String(format: "%.1f", test.snrAtExpectedPitch), 12)
            + pad(String(format: "%+.5f", test.centsOff), 11)
            + (test.reference.map { String(format: "%.1f dB", $0) } ?? "- (must exceed 90 dB)"))
      }
    }
    lines.append("")
    return lines
  }
}
