import Foundation

/// Measurements on rendered audio, shared by the test targets.
public enum Measure {
  /// Frequency in Hz from the upward zero crossings of `signal[range]`, with each crossing
  /// located by linear interpolation; precise to a small fraction of a cent over many cycles.
  public static func frequency(_ signal: [Float], sampleRate: Double, in range: Range<Int>? = nil)
    -> Double
  {
    let r = range ?? 0..<signal.count
    var first: Double?
    var last = 0.0
    var crossings = 0
    var i = r.lowerBound + 1
    while i < r.upperBound {
      let a = Double(signal[i - 1])
      let b = Double(signal[i])
      if a < 0, b >= 0 {
        let t = Double(i - 1) + (-a) / (b - a)
        if first == nil { first = t }
        last = t
        crossings += 1
      }
      i += 1
    }
    guard let start = first, crossings > 1 else { return 0 }
    return Double(crossings - 1) * sampleRate / (last - start)
  }

  /// The pitch of each period of `signal` (from one upward zero crossing to the next, each
  /// located by linear interpolation) in cents against `base` Hz, with the frame at the middle of
  /// the period: how vibrato and pitch envelopes move over time.
  public static func centsByPeriod(
    _ signal: [Float], sampleRate: Double, base: Double
  ) -> [(frame: Double, cents: Double)] {
    var track: [(Double, Double)] = []
    var last: Double?
    for i in 1..<signal.count where signal[i - 1] < 0 && signal[i] >= 0 {
      let t = Double(i - 1) + Double(-signal[i - 1] / (signal[i] - signal[i - 1]))
      if let last {
        track.append(((t + last) / 2, 1200 * log2(sampleRate / (t - last) / base)))
      }
      last = t
    }
    return track
  }

  /// The frame at which a sine that starts at phase 0 on frame `start` at `before` Hz went on at
  /// `after` Hz with its phase unbroken (a retuned note), found as the candidate in `candidates`
  /// whose model fits `signal` best over `window` (least squares, its level fitted too). Also
  /// returns each candidate's residual RMS relative to the signal's, to show how clearly the
  /// best one wins.
  public static func frequencyStep(
    _ signal: [Float], sampleRate: Double, start: Int, before: Double, after: Double,
    candidates: ClosedRange<Int>, window: Range<Int>
  ) -> (frame: Int, residuals: [Int: Double]) {
    var residuals: [Int: Double] = [:]
    for change in candidates {
      let model = window.map { n -> Double in
        let seconds =
          n < change
          ? Double(n - start) * before
          : Double(change - start) * before + Double(n - change) * after
        return sin(2 * Double.pi * seconds / sampleRate)
      }
      let measured = window.map { Double(signal[$0]) }
      let gain =
        zip(model, measured).reduce(0) { $0 + $1.0 * $1.1 } / model.reduce(0) { $0 + $1 * $1 }
      let error = zip(model, measured).reduce(0) { $0 + pow($1.1 - gain * $1.0, 2) }
      residuals[change] = sqrt(error / measured.reduce(0) { $0 + $1 * $1 })
    }
    let best = residuals.min { $0.value < $1.value }!.key
    return (best, residuals)
  }

  /// Amplitude of the `frequency` Hz component of `signal[range]`: one bin of a Fourier
  /// transform, which sees that tone alone when the range holds a whole number of periods of it
  /// and of every other tone in the signal.
  public static func toneAmplitude(
    _ signal: [Float], frequency: Double, sampleRate: Double, in range: Range<Int>
  ) -> Double {
    var re = 0.0
    var im = 0.0
    for i in range {
      let phase = 2 * Double.pi * frequency * Double(i) / sampleRate
      re += Double(signal[i]) * cos(phase)
      im += Double(signal[i]) * sin(phase)
    }
    return 2 * (re * re + im * im).squareRoot() / Double(range.count)
  }

  /// Power in dB of a noise-like `signal` near `frequency` Hz: the Hann-windowed bins (`tone`)
  /// at `frequency` and its two neighbours each side, squared and averaged over consecutive
  /// windows of `window` frames, so that no single random draw decides it and a steep spectrum
  /// does not leak into a quiet bin. Differences between frequencies read a spectrum's shape.
  public static func noisePowerDB(
    _ signal: [Float], frequency: Double, sampleRate: Double, window: Int = 2_048
  ) -> Double {
    let spacing = sampleRate / Double(window)
    var sum = 0.0
    var count = 0
    for start in stride(from: 0, through: signal.count - window, by: window) {
      for k in -2...2 {
        let bin = tone(
          signal, frequency: frequency + Double(k) * spacing, sampleRate: sampleRate,
          in: start..<(start + window))
        sum += bin.amplitude * bin.amplitude
        count += 1
      }
    }
    return 10 * log10(sum / Double(max(count, 1)))
  }

  /// The distance in cents from `expected` to `measured`.
  public static func cents(_ measured: Double, from expected: Double) -> Double {
    1200 * log2(measured / expected)
  }

  /// Root-mean-square level in dBFS.
  public static func rmsDB(_ signal: ArraySlice<Float>) -> Double {
    guard !signal.isEmpty else { return -.infinity }
    let sum = signal.reduce(0.0) { $0 + Double($1) * Double($1) }
    return 10 * log10(sum / Double(signal.count))
  }

  /// Largest absolute sample.
  public static func peak(_ signal: ArraySlice<Float>) -> Float {
    signal.reduce(0) { max($0, abs($1)) }
  }

  /// Largest absolute difference between neighbouring samples, and where it is.
  public static func maxStep(_ signal: ArraySlice<Float>) -> (step: Float, at: Int) {
    var best: (Float, Int) = (0, signal.startIndex)
    var i = signal.startIndex + 1
    while i < signal.endIndex {
      let d = abs(signal[i] - signal[i - 1])
      if d > best.0 { best = (d, i) }
      i += 1
    }
    return best
  }

  /// Every index where `signal` rises through `threshold` (index 0 when it starts at or above).
  public static func onsets(_ signal: [Float], threshold: Float) -> [Int] {
    signal.indices.filter { index in
      signal[index] >= threshold && (index == 0 || signal[index - 1] < threshold)
    }
  }

  /// The first index whose absolute value exceeds `threshold`, or nil.
  public static func onset(_ signal: [Float], threshold: Float = 1e-6, from start: Int = 0) -> Int?
  {
    var i = start
    while i < signal.count {
      if abs(signal[i]) > threshold { return i }
      i += 1
    }
    return nil
  }

  /// Converts a linear amplitude to dB.
  public static func dB(_ amplitude: Double) -> Double { 20 * log10(amplitude) }
}

/// Test signals.
public enum Synth {
  /// A sine of `frequency` Hz lasting `frames` frames at `sampleRate`, starting at `phase` radians.
  public static func sine(
    frequency: Double, sampleRate: Double, frames: Int, amplitude: Float = 0.5, phase: Double = 0
  ) -> [Float] {
    (0..<frames).map {
      amplitude * Float(sin(2 * Double.pi * frequency * Double($0) / sampleRate + phase))
    }
  }
}
