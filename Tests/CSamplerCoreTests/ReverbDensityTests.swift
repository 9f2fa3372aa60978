import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// The engine reverb's tail as a diffuse field: dense as noise soon after it starts (Abel and
/// Huang's normalized echo density), its two sides uncorrelated (ISO 3382-1's interaural
/// cross-correlation), and with no mode ringing above the rest (no metallic tone). Measured on
/// the wet impulse response at the defaults but for a 2.5 s decay.
@Suite("Reverb density")
struct ReverbDensityTests {
  static let rate = EffectRenders.sampleRate

  /// The wet impulse response and the frame it starts on.
  private func response() -> (left: [Double], right: [Double], onset: Int) {
    let wet = EffectRenders.wet(
      sample: EffectRenders.click, frames: 4 * 48_000, parameters: [(SC_PARAM_REVERB_DECAY, 2.5)]
    ) { $0.effect.0 = 100 }
    return (wet.left, wet.right, wet.left.firstIndex { $0 != 0 } ?? 0)
  }

  private func frames(_ ms: Double) -> Int { Int(ms * Self.rate / 1_000) }

  @Test(
    "the echo density reaches 0.85 within 50 ms of the first echo and stays near 1 after 100 ms")
  func echoDensity() {
    let h = response()
    let early = RoomAcoustics.echoDensity(h.left, at: h.onset + frames(50), sampleRate: Self.rate)
    #expect(early >= 0.85, "normalized echo density \(early) at 50 ms")
    for ms in stride(from: 100.0, through: 500, by: 50) {
      let d = RoomAcoustics.echoDensity(h.left, at: h.onset + frames(ms), sampleRate: Self.rate)
      #expect(d >= 0.9 && d <= 1.1, "normalized echo density \(d) at \(ms) ms")
    }
  }

  @Test("the tail's interaural cross-correlation (lags within 1 ms) is below 0.3")
  func decorrelated() {
    let h = response()
    let tail = (h.onset + frames(100))..<(h.onset + frames(2_000))
    let iacc = RoomAcoustics.iacc(h.left[tail], h.right[tail], maxLag: frames(1))
    #expect(iacc < 0.3, "IACC \(iacc)")
  }

  @Test("no peak of the tail's spectrum stands 10 dB above its octave's median (100 Hz...10 kHz)")
  func noRinging() {
    let h = response()
    // segments of 4096 frames (11.7 Hz bins, 85 ms) over 2 s of tail from 200 ms on
    for side in [h.left, h.right] {
      let tail = side[(h.onset + frames(200))..<(h.onset + frames(2_200))]
      let size = 4_096
      let power = RoomAcoustics.welchSpectrum(tail, size: size)
      let bin = { (hz: Double) in Int(hz * Double(size) / Self.rate) }
      var worst = (dB: -Double.infinity, hz: 0.0)
      for k in bin(100)..<bin(10_000) {
        let octave = Int(Double(k) / 2.0.squareRoot())...Int(Double(k) * 2.0.squareRoot())
        // the octave's median: the level of its background, which a few ringing modes do not lift
        let median = power[octave].sorted()[octave.count / 2]
        let dB = 10 * log10(power[k] / median)
        if dB > worst.dB { worst = (dB, Double(k) * Self.rate / Double(size)) }
      }
      #expect(worst.dB < 10, "a peak \(worst.dB) dB above its octave at \(worst.hz) Hz")
    }
  }
}
