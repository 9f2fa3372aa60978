import BenchSupport
import Foundation
import Testing

/// The SNR measurement behind the interpolation-quality table, checked on signals whose answer is
/// known from their construction.
struct SineFitTests {
  private let rate = 48_000.0

  private func tone(_ frequency: Double, amplitude: Double, phase: Double = 0, count: Int = 8_192)
    -> [Double]
  {
    (0..<count).map { amplitude * sin(2 * .pi * frequency * Double($0) / rate + phase) }
  }

  @Test func interferingToneSetsTheSNR() {
    // A 1 kHz sine of amplitude 0.5 plus a 3.1 kHz one of 0.0005: 20 log10(1000) = 60 dB.
    let signal = zip(tone(1_000, amplitude: 0.5, phase: 0.3), tone(3_100, amplitude: 0.0005))
      .map { $0 + $1 }
    let fit = SineFit(signal[...], frequency: 1_000, sampleRate: rate)
    #expect(abs(fit.snr - 60) < 0.2)
  }

  @Test func offsetAndPhaseAreNotNoise() {
    let signal = tone(1_498.3, amplitude: 0.25, phase: 2.1).map { $0 + 0.01 }
    let fit = SineFit(signal[...], frequency: 1_498.3, sampleRate: rate)
    #expect(fit.snr > 200)
  }

  @Test func frequencySearchFindsAMistunedSine() {
    let signal = tone(1_000.3, amplitude: 0.5)
    let exact = SineFit(signal[...], frequency: 1_000, sampleRate: rate)
    let searched = SineFit(signal[...], near: 1_000, range: 1, sampleRate: rate)
    #expect(abs(searched.frequency - 1_000.3) < 0.001)
    #expect(searched.snr > exact.snr + 40)
  }
}
