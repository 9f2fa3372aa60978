import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// The engine reverb's decay (SC_PARAM_REVERB_DECAY, sampler_core.h): its RT60 per octave band,
/// measured as ISO 3382's T30 on Schroeder's backward integral of the wet impulse response, holds
/// the setting at 500 Hz, 1 kHz and 4 kHz when damping is 1 (the absorption filters of Jot and
/// Chaigne 1991 keep the same decay per second in every line), and damping shortens the highs.
@Suite("Reverb decay")
struct ReverbDecayTests {
  static let bands = [500.0, 1_000.0, 4_000.0]

  /// The RT60 of each octave band of the left wet impulse response.
  private func rt60s(decay: Float, damping: Float) -> [Double] {
    let frames = Int(Double(decay) * 2 * EffectRenders.sampleRate) + 24_000
    let wet = EffectRenders.wet(
      sample: EffectRenders.click, frames: frames,
      parameters: [(SC_PARAM_REVERB_DECAY, decay), (SC_PARAM_REVERB_DAMPING, damping)]
    ) { $0.effect.0 = 100 }
    return Self.bands.map { band in
      let filtered = RoomAcoustics.octaveBand(
        wet.left.map(Float.init), center: band, sampleRate: EffectRenders.sampleRate)
      return RoomAcoustics.rt60(filtered, sampleRate: EffectRenders.sampleRate)
    }
  }

  @Test("RT60 within 10% of the decay setting at 500 Hz, 1 kHz and 4 kHz", arguments: [1.0, 2.5])
  func rt60PerBand(decay: Float) {
    let measured = rt60s(decay: decay, damping: 1)
    for (band, rt60) in zip(Self.bands, measured) {
      #expect(abs(rt60 / Double(decay) - 1) < 0.1, "\(band) Hz: RT60 \(rt60) s for \(decay) s")
    }
  }

  @Test("damping shortens the 4 kHz band's RT60 and leaves 500 Hz at the setting")
  func dampingShortensHighs() {
    let measured = rt60s(decay: 2, damping: 0.25)
    #expect(abs(measured[0] / 2 - 1) < 0.1, "500 Hz: RT60 \(measured[0]) s for 2 s")
    #expect(measured[2] < 0.9 * measured[1], "4 kHz \(measured[2]) s, 1 kHz \(measured[1]) s")
  }
}
