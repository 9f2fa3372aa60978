import Foundation

/// Measurements for the v2 modulator tests: parts of a pitch track (`Measure.centsByPeriod`), and
/// the amplitude envelope of a high sine.
enum V2Measure {
  /// Cents of the periods whose middle lies in `frames`.
  static func cents(
    _ track: [(frame: Double, cents: Double)], in frames: Range<Double>
  ) -> [Double] {
    track.filter { frames.contains($0.frame) }.map(\.cents)
  }

  /// The median of the cents of the periods whose middle lies in `frames`: one step of a stepped
  /// modulation, read past the periods that straddle its edges.
  static func medianCents(_ track: [(frame: Double, cents: Double)], in frames: Range<Double>)
    -> Double
  {
    let values = cents(track, in: frames).sorted()
    return values.isEmpty ? .nan : values[values.count / 2]
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
