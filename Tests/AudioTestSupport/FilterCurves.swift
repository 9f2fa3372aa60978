import Foundation

/// Textbook magnitude responses of the SFZ filter types (corpus/spec opcodes/fil_type.md), as
/// analogue prototypes over the normalised frequency `omega` (1 at the cutoff). A filter made by
/// the bilinear transform warped at its cutoff has, at `hertz`, the prototype's response at
/// `FilterCurve.omega(hertz:cutoff:sampleRate:)`.
///
/// Resonance is in dB, the gain at the cutoff (corpus/spec opcodes/resonance.md, syntax.yml:
/// "the filter cutoff resonance value, in decibels"), so a 2-pole section has Q = 10^(dB/20).
public enum FilterCurve {
  /// tan(pi f / fs) / tan(pi fc / fs): where the bilinear transform puts `hertz`.
  public static func omega(hertz: Double, cutoff: Double, sampleRate: Double) -> Double {
    tan(.pi * hertz / sampleRate) / tan(.pi * cutoff / sampleRate)
  }

  /// The frequency in Hz that the bilinear transform puts at `omega`.
  public static func hertz(omega: Double, cutoff: Double, sampleRate: Double) -> Double {
    sampleRate / .pi * atan(omega * tan(.pi * cutoff / sampleRate))
  }

  /// |1 / (s^2 + k s + 1)| (low-pass) or |s^2 / (...)| (high-pass) at s = j omega, k = 1/Q.
  public static func twoPole(highPass: Bool, omega w: Double, q: Double) -> Double {
    (highPass ? w * w : 1) / ((1 - w * w) * (1 - w * w) + w * w / (q * q)).squareRoot()
  }

  /// `sections` equal 2-pole sections in series sharing the resonance: the whole gain at the
  /// cutoff is `resonance` dB, each section's Q is 10^(resonance / (20 sections)).
  public static func cascade(highPass: Bool, omega: Double, sections: Int, resonance: Double)
    -> Double
  {
    let q = pow(10, resonance / (20 * Double(sections)))
    return pow(twoPole(highPass: highPass, omega: omega, q: q), Double(sections))
  }

  /// One-pole band-pass 2s / (s + 1)^2: unity at the centre, 6 dB per octave each side.
  public static func bandPassOnePole(omega w: Double) -> Double { 2 * w / (1 + w * w) }

  /// One-pole notch (s^2 + 1) / (s + 1)^2.
  public static func notchOnePole(omega w: Double) -> Double { abs(1 - w * w) / (1 + w * w) }

  /// Phase of the first-order all-pass (1 - s) / (1 + s), in radians: -2 atan(omega).
  public static func allPassPhase(omega: Double) -> Double { -2 * atan(omega) }

  /// RBJ Audio EQ Cookbook low shelf, A = 10^(gain/40):
  /// A (s^2 + (sqrt A / Q) s + A) / (A s^2 + (sqrt A / Q) s + 1).
  public static func lowShelf(omega w: Double, gain: Double, q: Double) -> Double {
    let a = pow(10, gain / 40)
    let mid = a.squareRoot() / q * w
    return a * hypot(a - w * w, mid) / hypot(1 - a * w * w, mid)
  }

  /// RBJ Audio EQ Cookbook high shelf:
  /// A (A s^2 + (sqrt A / Q) s + 1) / (s^2 + (sqrt A / Q) s + A).
  public static func highShelf(omega w: Double, gain: Double, q: Double) -> Double {
    let a = pow(10, gain / 40)
    let mid = a.squareRoot() / q * w
    return a * hypot(1 - a * w * w, mid) / hypot(a - w * w, mid)
  }

  /// RBJ Audio EQ Cookbook peaking EQ: (s^2 + (A/Q) s + 1) / (s^2 + s / (A Q) + 1).
  public static func peaking(omega w: Double, gain: Double, q: Double) -> Double {
    let a = pow(10, gain / 40)
    return hypot(1 - w * w, a / q * w) / hypot(1 - w * w, w / (a * q))
  }

  /// The comb y = x + g w(n - D), D one period of the cutoff, whose gain at the cutoff's
  /// harmonics is `resonance` dB: feedback (w = y, g = 1 - 10^(-dB/20)) for a boost,
  /// feed-forward (w = x, g = 10^(dB/20) - 1) for a cut. At `hertz`, theta = 2 pi hertz / cutoff.
  public static func comb(hertz: Double, cutoff: Double, resonance: Double) -> Double {
    let theta = 2 * .pi * hertz / cutoff
    if resonance >= 0 {
      let g = 1 - pow(10, -resonance / 20)
      return 1 / hypot(1 - g * cos(theta), g * sin(theta))
    }
    let g = pow(10, resonance / 20) - 1
    return hypot(1 + g * cos(theta), g * sin(theta))
  }
}

extension Measure {
  /// The `frequency` Hz component of `signal[range]` as (amplitude, phase in radians): one bin of
  /// a Hann-windowed Fourier transform, so other tones and a range that is not a whole number of
  /// periods barely leak into it.
  public static func tone(
    _ signal: [Float], frequency: Double, sampleRate: Double, in range: Range<Int>
  ) -> (amplitude: Double, phase: Double) {
    var re = 0.0
    var im = 0.0
    var weights = 0.0
    let n = Double(range.count - 1)
    for (k, i) in range.enumerated() {
      let w = 0.5 - 0.5 * cos(2 * .pi * Double(k) / n)
      let phase = 2 * .pi * frequency * Double(i) / sampleRate
      re += w * Double(signal[i]) * cos(phase)
      im -= w * Double(signal[i]) * sin(phase)
      weights += w
    }
    return (2 * hypot(re, im) / weights, atan2(im, re))
  }
}
