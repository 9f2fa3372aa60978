import Foundation

/// Synthetic sample audio, rounded to 24-bit steps as a 24-bit file would hold it.
public enum TestSignal {
  /// A harmonic tone with a slow amplitude wobble, `frames` long, that loops seamlessly (every
  /// partial completes whole periods). Channel 1 is phase-shifted so stereo is not dual mono.
  public static func richTone(frames: Int, channels: Int, sampleRate: Double = 48_000)
    -> [[Float]]
  {
    let periods = [110, 331, 557, 1_009, 2_203, 4_441]  // whole periods per loop
    return (0..<channels).map { channel in
      (0..<frames).map { frame in
        let position = Double(frame) / Double(frames)
        var value = 0.0
        for (index, count) in periods.enumerated() {
          let phase = Double(channel) * 0.7 + Double(index)
          value += sin(2 * .pi * Double(count) * position + phase) / Double(index + 2)
        }
        return quantized24(value * 0.4)
      }
    }
  }

  /// `richTone` rounded to 16-bit integers, as a 16-bit file of it would hold.
  public static func richTone16(frames: Int, channels: Int, sampleRate: Double = 48_000)
    -> [[Int16]]
  {
    richTone(frames: frames, channels: channels, sampleRate: sampleRate).map { channel in
      channel.map { Int16((min(max(Double($0), -1), 32_767.0 / 32_768) * 32_768).rounded()) }
    }
  }

  /// A sine of `frequency` Hz (a whole number of periods fits `frames`).
  public static func sine(frequency: Double, frames: Int, sampleRate: Double) -> [Float] {
    (0..<frames).map { quantized24(0.5 * sin(2 * .pi * frequency * Double($0) / sampleRate)) }
  }

  /// The value a 24-bit integer sample would hold.
  public static func quantized24(_ value: Double) -> Float {
    let scale = 8_388_607.0
    return Float((min(max(value, -1), 1) * scale).rounded() / scale)
  }
}
