import AudioTestSupport
import CSndfile
import Foundation
import SFZSampler
import Testing

@Suite("Key maps")
struct KeyMapTests {
  /// Two samples on key 69 whose velocity ranges overlap in 64...100; they differ in pitch
  /// (440 and 660 Hz) so the output tells which one played.
  private func overlapping() throws -> Sampler {
    let sampler = Sampler.unity()
    let low = Samples.descriptor(root: 69, keys: 60...80, velocities: 1...100)
    var high = Samples.descriptor(root: 69, keys: 60...80, velocities: 64...127)
    try sampler.loadRawSampleData(from: Samples.sine(low))
    let highData = Synth.sine(frequency: 660, sampleRate: 48_000, frames: 48_000)
    high.noteFrequency = 440
    try sampler.loadRawSampleData(
      from: SampleDataDescriptor(
        sampleDescriptor: high, sampleRate: 48_000, isInterleaved: true, channelCount: 1,
        sampleCount: highData.count, data: highData))
    sampler.buildKeyMap()
    return sampler
  }

  @Test(
    "buildKeyMap with overlapping velocity ranges plays the sample added first in the overlap",
    arguments: [(30, 440.0), (80, 440.0), (120, 660.0)])
  func overlappingVelocities(velocity: Int, expected: Double) throws {
    let sampler = try overlapping()
    sampler.play(noteNumber: 69, velocity: UInt8(velocity))
    let out = sampler.renderFrames(24_000).left
    let measured = Measure.frequency(out, sampleRate: 48_000, in: 1_000..<23_000)
    #expect(
      abs(Measure.cents(measured, from: expected)) < 1, "velocity \(velocity): \(measured) Hz")
    let level = Measure.rmsDB(out[1_000..<23_000])
    let single = Measure.dB(0.5 / sqrt(2) * pow(Double(velocity) / 127, 2))
    #expect(abs(level - single) < 0.2, "one sample sounds, not two: \(level) dB vs \(single) dB")
  }

  @Test("buildSimpleKeyMap plays each key from the sample with the nearest root frequency")
  func nearestSample() throws {
    let sampler = Sampler.unity()
    // Different levels tell the two samples apart; both play at the key's pitch.
    try sampler.loadRawSampleData(from: Samples.sine(Samples.descriptor(root: 48), amplitude: 0.5))
    try sampler.loadRawSampleData(from: Samples.sine(Samples.descriptor(root: 72), amplitude: 0.1))
    sampler.buildSimpleKeyMap()
    for (key, amplitude) in [(40, 0.5), (59, 0.5), (61, 0.1), (90, 0.1)] {
      sampler.play(noteNumber: UInt8(key), velocity: 127)
      let out = sampler.renderFrames(9_600).left
      sampler.stop(noteNumber: UInt8(key))
      _ = sampler.renderFrames(4_800)
      let level = Measure.rmsDB(out[1_000..<9_000])
      #expect(abs(level - Measure.dB(amplitude / sqrt(2))) < 0.3, "key \(key): \(level) dB")
      let measured = Measure.frequency(out, sampleRate: 48_000, in: 1_000..<9_000)
      let expected = 440 * pow(2, Double(key - 69) / 12)
      #expect(abs(Measure.cents(measured, from: expected)) < 1, "key \(key) in tune")
    }
  }

  @Test("unloadAllSamples leaves silence once the sounding voices have faded")
  func unloadLeavesSilence() throws {
    let sampler = Sampler.unity()
    try sampler.loadRawSampleData(
      from: Samples.sine(Samples.descriptor(root: 60, looping: true), seconds: 1))
    sampler.buildKeyMap()
    sampler.play(noteNumber: 60, velocity: 127)
    let before = sampler.renderFrames(4_800).left
    #expect(Measure.peak(before[...]) > 0.4)
    sampler.unloadAllSamples()
    let after = sampler.renderFrames(4_800).left
    #expect(Measure.peak(after[480...]) == 0, "silent 10 ms after unloading")
    #expect(Measure.maxStep(after[...]).step < 0.05, "the sounding note faded, no click")
    sampler.play(noteNumber: 60, velocity: 127)
    #expect(Measure.peak(sampler.renderFrames(4_800).left[...]) == 0, "nothing left to play")
  }

  @Test("a looping descriptor without loop points uses the loop stored in the WAV file")
  func fileLoopFromDescriptor() throws {
    let fixtures = try DecodingFixtures()
    // 375 Hz: 128-frame period at 48 kHz, loop of whole periods.
    let sine = Synth.sine(frequency: 375, sampleRate: 48_000, frames: 12_800)
    let path = try fixtures.writeFloat(
      "looped.wav", values: sine, channels: 1, format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT),
      sampleRate: 48_000)
    try DecodingFixtures.appendSmpl(
      toWAV: path, unityNote: 60, pitchFraction: 0, loops: [(0, 1_280, 11_519)])
    let sampler = Sampler.unity()
    try sampler.loadAudioFile(from: Samples.descriptor(root: 60, looping: true), path: path)
    sampler.buildKeyMap()
    sampler.play(noteNumber: 60, velocity: 127)
    let out = sampler.renderFrames(96_000).left
    #expect(Measure.peak(out[90_000...]) > 0.45, "still looping 7 s after a 0.27 s sample ends")
  }
}
