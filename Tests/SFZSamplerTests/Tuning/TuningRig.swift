import AudioTestSupport
import Foundation
import SFZSampler

/// A sampler that plays a looped 440 Hz sine on every key, root A4 (69): its 48,000 frames hold
/// exactly 440 periods, so the loop is seamless and any key sounds one steady frequency.
enum TuningRig {
  static let rate = 48_000.0

  static func sineSampler() throws -> Sampler {
    let sampler = Sampler.unity()
    let descriptor = Samples.descriptor(root: 69, keys: 0...127, looping: true)
    try sampler.loadRawSampleData(from: Samples.sine(descriptor))
    sampler.buildKeyMap()
    return sampler
  }

  /// Plays `key` for `frames` frames and returns the left channel, then releases it and renders
  /// until it has ended, so the next key starts on a quiet sampler.
  static func play(_ key: Int, on sampler: Sampler, frames: Int = 12_000) -> [Float] {
    sampler.play(noteNumber: UInt8(key), velocity: 127)
    let sound = sampler.renderFrames(frames).left
    sampler.stop(noteNumber: UInt8(key))
    _ = sampler.renderFrames(2_400)
    return sound
  }

  /// The frequency of a key's note, skipping its first 1,000 frames.
  static func measuredFrequency(_ key: Int, on sampler: Sampler) -> Double {
    let sound = play(key, on: sampler)
    return Measure.frequency(sound, sampleRate: rate, in: 1_000..<sound.count)
  }
}
