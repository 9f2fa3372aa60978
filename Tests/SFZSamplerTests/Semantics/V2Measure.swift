import Foundation

/// Measurements for the v2 modulator tests: pitch followed period by period, and the amplitude
/// envelope of a high sine.
enum V2Measure {
  /// Pitch in cents against `base` Hz for each period of `signal` (between upward zero
  /// crossings), with the frame at the middle of the period.
  static func cents(_ signal: [Float], base: Double) -> [(frame: Double, cents: Double)] {
    var track: [(Double, Double)] = []
    var last: Double?
    for i in 1..<signal.count where signal[i - 1] < 0 && signal[i] >= 0 {
      let t = Double(i - 1) + Double(-signal[i - 1] / (signal[i] - signal[i - 1]))
      if let last {
        track.append(((t + last) / 2, 1200 * log2(SemanticsRig.rate / (t - last) / base)))
      }
      last = t
    }
    return track
  }

  /// Cents of the periods whose middle lies in `frames`.
  static func cents(
    _ track: [(frame: Double, cents: Double)], in frames: Range<Double>
  ) -> [Double] {
    track.filter { frames.contains($0.frame) }.map(\.cents)
  }

  /// Peak of `signal` within half a millisecond of `frame`: the envelope of a sine whose period
  /// is shorter than that window.
  static func envelope(_ signal: [Float], at frame: Int) -> Float {
    let lo = max(frame - 24, 0)
    let hi = min(frame + 24, signal.count)
    return lo < hi ? signal[lo..<hi].reduce(0) { max($0, abs($1)) } : 0
  }

  /// The first frame from `start` where the envelope crosses `level` (rising or falling as the
  /// envelope at `start` says), found in steps of one frame.
  static func crossing(_ signal: [Float], level: Float, from start: Int) -> Int? {
    let rising = envelope(signal, at: start) < level
    var frame = start
    while frame < signal.count {
      let value = envelope(signal, at: frame)
      if rising ? value >= level : value <= level { return frame }
      frame += 1
    }
    return nil
  }

  /// Shares of `values` above and below 80% of the way from their centre to their extremes,
  /// and the share of steps that rise: what tells LFO waves apart.
  static func shape(_ values: [Double]) -> (high: Double, low: Double, rising: Double) {
    guard let lo = values.min(), let hi = values.max(), hi > lo else { return (0, 0, 0) }
    let centre = (hi + lo) / 2
    let reach = 0.8 * (hi - lo) / 2
    let count = Double(values.count)
    let high = Double(values.filter { $0 > centre + reach }.count) / count
    let low = Double(values.filter { $0 < centre - reach }.count) / count
    let rising = Double(zip(values, values.dropFirst()).filter { $1 > $0 }.count) / (count - 1)
    return (high, low, rising)
  }
}
