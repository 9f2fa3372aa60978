import AudioTestSupport
import Foundation
import SFZSampler

/// Renders a `Sampler` the way an audio callback would, in blocks.
extension Sampler {
  /// Levels in these tests are measured at unity channel volume, not the General MIDI
  /// power-on 100 the engine starts from.
  func setUnityChannelVolume() {
    for channel in UInt8(0)..<16 { controlChange(controller: 7, value: 127, channel: channel) }
  }

  /// A sampler at unity channel volume.
  static func unity(sampleRate: Double = 48_000, maximumPolyphony: Int = 64) -> Sampler {
    let sampler = Sampler(sampleRate: sampleRate, maximumPolyphony: maximumPolyphony)
    sampler.setUnityChannelVolume()
    return sampler
  }

  func renderFrames(_ frames: Int, block: Int = 256) -> (left: [Float], right: [Float]) {
    var left = [Float](repeating: 0, count: frames)
    var right = [Float](repeating: 0, count: frames)
    left.withUnsafeMutableBufferPointer { l in
      right.withUnsafeMutableBufferPointer { r in
        var done = 0
        while done < frames {
          let n = min(block, frames - done)
          render(frameCount: n, left: l.baseAddress! + done, right: r.baseAddress! + done)
          done += n
        }
      }
    }
    return (left, right)
  }
}

/// Descriptor and raw-data helpers.
enum Samples {
  static func descriptor(
    root: Int, frequency: Double? = nil, keys: ClosedRange<Int>? = nil,
    velocities: ClosedRange<Int>? = nil, looping: Bool = false, loop: (Float, Float) = (0, 0)
  ) -> SampleDescriptor {
    SampleDescriptor(
      noteNumber: root,
      noteFrequency: Float(frequency ?? 440 * pow(2, Double(root - 69) / 12)),
      minimumNoteNumber: keys?.lowerBound ?? -1, maximumNoteNumber: keys?.upperBound ?? -1,
      minimumVelocity: velocities?.lowerBound ?? -1, maximumVelocity: velocities?.upperBound ?? -1,
      isLooping: looping, loopStartPoint: loop.0, loopEndPoint: loop.1, startPoint: 0, endPoint: 0)
  }

  /// Mono raw data: a sine at the root's frequency.
  static func sine(
    _ descriptor: SampleDescriptor, rate: Double = 48_000, seconds: Double = 1,
    amplitude: Float = 0.5
  ) -> SampleDataDescriptor {
    let data = Synth.sine(
      frequency: Double(descriptor.noteFrequency), sampleRate: rate, frames: Int(rate * seconds),
      amplitude: amplitude)
    return SampleDataDescriptor(
      sampleDescriptor: descriptor, sampleRate: rate, isInterleaved: true, channelCount: 1,
      sampleCount: data.count, data: data)
  }
}
