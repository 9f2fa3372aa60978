import Foundation

/// Room-acoustics measures of impulse responses, for testing reverberators.
public enum RoomAcoustics {
  /// `signal` through an octave band centred on `center` Hz (edges center / sqrt 2 and
  /// center * sqrt 2, as IEC 61260 octave bands): a 4th-order Butterworth high-pass at the lower
  /// edge then a 4th-order Butterworth low-pass at the upper, each as two biquads (RBJ cookbook
  /// sections with Q 0.5412 and 1.3066).
  public static func octaveBand(_ signal: [Float], center: Double, sampleRate: Double) -> [Double] {
    var x = signal.map(Double.init)
    for q in [0.5412, 1.3066] {
      x = biquad(x, highPass: true, cutoff: center / 2.0.squareRoot(), q: q, sampleRate: sampleRate)
    }
    for q in [0.5412, 1.3066] {
      x = biquad(
        x, highPass: false, cutoff: center * 2.0.squareRoot(), q: q, sampleRate: sampleRate)
    }
    return x
  }

  private static func biquad(
    _ x: [Double], highPass: Bool, cutoff: Double, q: Double, sampleRate: Double
  ) -> [Double] {
    let w = 2 * Double.pi * cutoff / sampleRate
    let alpha = sin(w) / (2 * q)
    let c = cos(w)
    let b1 = highPass ? -(1 + c) : 1 - c
    let b0 = highPass ? (1 + c) / 2 : (1 - c) / 2
    let a0 = 1 + alpha
    let (n0, n1, n2) = (b0 / a0, b1 / a0, b0 / a0)
    let (d1, d2) = (-2 * c / a0, (1 - alpha) / a0)
    var y = [Double](repeating: 0, count: x.count)
    var (x1, x2, y1, y2) = (0.0, 0.0, 0.0, 0.0)
    for i in x.indices {
      let out = n0 * x[i] + n1 * x1 + n2 * x2 - d1 * y1 - d2 * y2
      (x2, x1, y2, y1) = (x1, x[i], y1, out)
      y[i] = out
    }
    return y
  }

  /// The reverberation time (RT60, seconds) of impulse response `h` from Schroeder's backward
  /// integral ("New method of measuring reverberation time", JASA 37, 1965): the energy decay
  /// curve in dB, a least-squares line through it between `from` and `to` dB below its start
  /// (-5 and -35: ISO 3382's T30), extrapolated to 60 dB.
  public static func rt60(_ h: [Double], sampleRate: Double, from: Double = -5, to: Double = -35)
    -> Double
  {
    var energy = [Double](repeating: 0, count: h.count)
    var sum = 0.0
    for i in h.indices.reversed() {
      sum += h[i] * h[i]
      energy[i] = sum
    }
    let total = energy[0]
    var (n, st, sy, stt, sty) = (0.0, 0.0, 0.0, 0.0, 0.0)
    for i in h.indices {
      let db = 10 * log10(energy[i] / total)
      if db > from { continue }
      if db < to { break }
      let t = Double(i) / sampleRate
      n += 1
      st += t
      sy += db
      stt += t * t
      sty += t * db
    }
    let slope = (n * sty - st * sy) / (n * stt - st * st)
    return -60 / slope
  }

  /// Abel and Huang's normalized echo density ("A simple, robust measure of reverberation echo
  /// density", AES 121st Convention, 2006) of `h` at frame `at`: the share of the frames in a
  /// Hann window of `window` seconds around it whose magnitude exceeds the window's standard
  /// deviation, over erfc(1 / sqrt 2), the share Gaussian noise has. About 1 once the response is
  /// as dense as noise; far less while echoes are sparse.
  public static func echoDensity(_ h: [Double], at: Int, sampleRate: Double, window: Double = 0.02)
    -> Double
  {
    let half = Int(window * sampleRate / 2)
    let range = max(0, at - half)..<min(h.count, at + half + 1)
    let weights = range.map {
      0.5 - 0.5 * cos(2 * Double.pi * Double($0 - at + half) / Double(2 * half))
    }
    let total = weights.reduce(0, +)
    var variance = 0.0
    for (k, i) in range.enumerated() { variance += weights[k] / total * h[i] * h[i] }
    let sigma = variance.squareRoot()
    var outside = 0.0
    for (k, i) in range.enumerated() where abs(h[i]) > sigma { outside += weights[k] / total }
    return outside / erfc(1 / 2.0.squareRoot())
  }

  /// The interaural cross-correlation coefficient (IACC, ISO 3382-1): the largest magnitude of
  /// the normalized cross-correlation of `left` and `right` over lags of up to `maxLag` frames
  /// (1 ms in the standard).
  public static func iacc(_ left: ArraySlice<Double>, _ right: ArraySlice<Double>, maxLag: Int)
    -> Double
  {
    let l = Array(left), r = Array(right)
    let el = l.reduce(0) { $0 + $1 * $1 }, er = r.reduce(0) { $0 + $1 * $1 }
    var best = 0.0
    for lag in -maxLag...maxLag {
      var sum = 0.0
      for i in max(0, -lag)..<min(l.count, r.count - lag) { sum += l[i] * r[i + lag] }
      best = max(best, abs(sum) / (el * er).squareRoot())
    }
    return best
  }

  /// The power spectrum of `signal` averaged over Hann-windowed segments of `size` frames (a
  /// power of two) overlapping by half (Welch's method), each segment normalized to unit power
  /// first so that a decaying signal's later segments count as much as its first. Bin k is
  /// k * sampleRate / size Hz.
  public static func welchSpectrum(_ signal: ArraySlice<Double>, size: Int) -> [Double] {
    let x = Array(signal)
    var average = [Double](repeating: 0, count: size / 2)
    let window = (0..<size).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size)) }
    var start = 0
    while start + size <= x.count {
      var re = (0..<size).map { x[start + $0] * window[$0] }
      var im = [Double](repeating: 0, count: size)
      fft(&re, &im)
      let power = (0..<size / 2).map { re[$0] * re[$0] + im[$0] * im[$0] }
      let total = power.reduce(0, +)
      if total > 0 { for k in power.indices { average[k] += power[k] / total } }
      start += size / 2
    }
    return average
  }

  /// In-place radix-2 decimation-in-time FFT (Cooley and Tukey 1965); the length is a power of 2.
  public static func fft(_ re: inout [Double], _ im: inout [Double]) {
    let n = re.count
    var j = 0
    for i in 1..<n {
      var bit = n >> 1
      while j & bit != 0 {
        j ^= bit
        bit >>= 1
      }
      j |= bit
      if i < j {
        re.swapAt(i, j)
        im.swapAt(i, j)
      }
    }
    var length = 2
    while length <= n {
      let angle = -2 * Double.pi / Double(length)
      for start in stride(from: 0, to: n, by: length) {
        for k in 0..<length / 2 {
          let (c, s) = (cos(angle * Double(k)), sin(angle * Double(k)))
          let a = start + k, b = a + length / 2
          let tr = re[b] * c - im[b] * s, ti = re[b] * s + im[b] * c
          re[b] = re[a] - tr
          im[b] = im[a] - ti
          re[a] += tr
          im[a] += ti
        }
      }
      length <<= 1
    }
  }
}
