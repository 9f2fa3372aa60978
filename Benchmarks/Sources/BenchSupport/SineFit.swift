import Foundation

/// Least-squares fit of `a cos(wt) + b sin(wt) + c` to a signal, and the signal-to-noise ratio
/// of what the fit leaves over.
///
/// ```swift
/// let fit = SineFit(output[960...], near: 1_498.3, range: 1, sampleRate: 48_000)
/// print(fit.snr, fit.frequency)
/// ```
public struct SineFit {
  /// The frequency fitted, Hz.
  public let frequency: Double
  /// Fitted sine power over residual power, in dB.
  public let snr: Double

  /// Fits at exactly `frequency`.
  public init(_ signal: ArraySlice<Double>, frequency: Double, sampleRate: Double) {
    self.frequency = frequency
    snr = Self.snr(signal, frequency: frequency, sampleRate: sampleRate)
  }

  /// Fits amplitude, phase and frequency, searching `frequency` +- `range` Hz (golden section on
  /// the residual), so that a pitch error does not count as noise.
  public init(
    _ signal: ArraySlice<Double>, near frequency: Double, range: Double, sampleRate: Double
  ) {
    var low = frequency - range
    var high = frequency + range
    let ratio = (sqrt(5.0) - 1) / 2
    for _ in 0..<80 {
      let a = high - ratio * (high - low)
      let b = low + ratio * (high - low)
      if Self.snr(signal, frequency: a, sampleRate: sampleRate)
        > Self.snr(signal, frequency: b, sampleRate: sampleRate)
      {
        high = b
      } else {
        low = a
      }
    }
    self.frequency = (low + high) / 2
    snr = Self.snr(signal, frequency: self.frequency, sampleRate: sampleRate)
  }

  private static func snr(_ signal: ArraySlice<Double>, frequency: Double, sampleRate: Double)
    -> Double
  {
    let w = 2 * Double.pi * frequency / sampleRate
    // Normal equations for the basis (cos, sin, 1).
    var m = [[Double]](repeating: [0, 0, 0], count: 3)
    var v = [0.0, 0, 0]
    for (n, x) in signal.enumerated() {
      let basis = [cos(w * Double(n)), sin(w * Double(n)), 1]
      for i in 0..<3 {
        v[i] += basis[i] * x
        for j in 0..<3 { m[i][j] += basis[i] * basis[j] }
      }
    }
    let coefficients = solve3(m, v)
    var fitted = 0.0
    var residual = 0.0
    for (n, x) in signal.enumerated() {
      let sine = coefficients[0] * cos(w * Double(n)) + coefficients[1] * sin(w * Double(n))
      fitted += sine * sine
      let error = x - sine - coefficients[2]
      residual += error * error
    }
    return 10 * log10(fitted / max(residual, 1e-300))
  }

  /// Gaussian elimination with partial pivoting for a 3x3 system.
  private static func solve3(_ matrix: [[Double]], _ vector: [Double]) -> [Double] {
    var a = matrix
    var b = vector
    for column in 0..<3 {
      let pivot = (column..<3).max { abs(a[$0][column]) < abs(a[$1][column]) } ?? column
      a.swapAt(column, pivot)
      b.swapAt(column, pivot)
      for row in (column + 1)..<3 {
        let factor = a[row][column] / a[column][column]
        for k in column..<3 { a[row][k] -= factor * a[column][k] }
        b[row] -= factor * b[column]
      }
    }
    var x = [0.0, 0, 0]
    for row in stride(from: 2, through: 0, by: -1) {
      var sum = b[row]
      for k in (row + 1)..<3 { sum -= a[row][k] * x[k] }
      x[row] = sum / a[row][row]
    }
    return x
  }
}
