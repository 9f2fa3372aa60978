import Foundation

/// The SFZ built-in generators (`sample=*sine` and friends), made as looped samples so they play
/// through the same voice path as recorded audio.
enum Generators {
  /// Frames of one generated cycle: long enough that the interpolated waveform stays clean, short
  /// enough to stay in cache.
  static let cycleFrames = 2_048

  /// The audio for a generator name, or nil if the name is not one. Periodic waveforms are a
  /// single cycle recorded at the rate that puts them on the pitch of key 60, looped whole.
  static func audio(for name: String) -> DecodedAudio? {
    let n = cycleFrames
    let middleC = 440 * pow(2, -9.0 / 12)
    let periodicRate = Double(n) * middleC
    func cycle(_ shape: (Double) -> Double) -> [Float] {
      (0..<n).map { Float(shape(Double($0) / Double(n))) }
    }
    let samples: [Float]
    var rate = periodicRate
    switch name.lowercased() {
    case "*sine": samples = cycle { sin(2 * .pi * $0) }
    case "*saw": samples = cycle { 2 * $0 - 1 }
    case "*square": samples = cycle { $0 < 0.5 ? 1 : -1 }
    case "*triangle", "*tri": samples = cycle { $0 < 0.5 ? 4 * $0 - 1 : 3 - 4 * $0 }
    case "*noise":
      // A fixed seed keeps renders reproducible; one second of noise loops without a pattern
      // anyone can hear.
      var state: UInt64 = 0x9E37_79B9_7F4A_7C15
      rate = 48_000
      samples = (0..<48_000).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Float(Int64(bitPattern: state) >> 11) / Float(1 << 52)
      }
    case "*silence": samples = [Float](repeating: 0, count: n)
    default: return nil
    }
    return DecodedAudio(
      samples: .float32([samples]), sampleRate: rate, frameCount: samples.count,
      loop: SampleLoop(start: 0, end: samples.count), rootKey: 60, fineTuneCents: nil)
  }
}
