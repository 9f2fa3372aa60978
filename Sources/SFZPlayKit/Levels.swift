import Foundation

/// Level formatting shared by the summary and `--check`.
enum Levels {
  /// A linear amplitude in dBFS with one decimal ("-6.0 dBFS"); silence is "-inf dBFS".
  static func dBFS(_ amplitude: Float) -> String {
    guard amplitude > 0 else { return "-inf dBFS" }
    let decibels = 20 * log10(Double(amplitude))
    return String(format: "%+.1f dBFS", decibels)
  }

  /// A gain in decibels as a linear factor.
  static func linear(decibels: Double) -> Float {
    Float(pow(10, decibels / 20))
  }

  /// The largest absolute value in `samples` (0 for none).
  static func peak(_ samples: UnsafeBufferPointer<Float>) -> Float {
    var largest: Float = 0
    for value in samples { largest = max(largest, abs(value)) }
    return largest
  }
}
