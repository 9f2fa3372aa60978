import AudioTestSupport
import CSndfile
import Foundation
import SFZSampler
import Testing

@Suite("Descriptor kinds")
struct DescriptorKindTests {
  @Test(
    "raw data, a 24-bit WAV and a WavPack file of the same PCM play the same audio",
    .enabled(if: ExternalTool.hasWavPack))
  func sameAudioFromEveryKind() throws {
    let fixtures = try DecodingFixtures()
    let frames = 24_000
    let pcm = DecodingFixtures.pcm(bits: 24, frames: frames, channels: 2)
    let floats = pcm.map { Float($0) / 8_388_608 }
    let wav = try fixtures.writePCM(
      "same.wav", values: pcm, bits: 24, channels: 2,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_24),
      sampleRate: 44_100)
    let wv = try ExternalTool.wavPack(wav)
    // Played three semitones up, so every interpolation tap is exercised.
    let descriptor = Samples.descriptor(root: 60, keys: 48...72, looping: true)

    func render(_ load: (Sampler) throws -> Void) rethrows -> [Float] {
      let sampler = Sampler.unity()
      try load(sampler)
      sampler.buildKeyMap()
      sampler.play(noteNumber: 63, velocity: 100)
      let out = sampler.renderFrames(48_000)
      return out.left + out.right
    }
    let raw = try render {
      try $0.loadRawSampleData(
        from: SampleDataDescriptor(
          sampleDescriptor: descriptor, sampleRate: 44_100, isInterleaved: true, channelCount: 2,
          sampleCount: frames, data: floats))
    }
    let fromWAV = try render { try $0.loadAudioFile(from: descriptor, path: wav) }
    let fromWavPack = try render {
      try $0.loadCompressedSampleFile(
        from: SampleFileDescriptor(sampleDescriptor: descriptor, path: wv))
    }
    #expect(Measure.peak(raw[...]) > 0.1, "the note sounds")
    let wavError = zip(raw, fromWAV).map { abs($0 - $1) }.max() ?? 1
    let wavPackError = zip(raw, fromWavPack).map { abs($0 - $1) }.max() ?? 1
    #expect(wavError <= 1e-6, "WAV differs from raw by \(wavError)")
    #expect(wavPackError <= 1e-6, "WavPack differs from raw by \(wavPackError)")
  }

  @Test("planar and interleaved raw stereo data play the same")
  func planarEqualsInterleaved() throws {
    let frames = 4_800
    let left = Synth.sine(frequency: 440, sampleRate: 48_000, frames: frames)
    let right = Synth.sine(frequency: 550, sampleRate: 48_000, frames: frames)
    let interleaved = zip(left, right).flatMap { [$0, $1] }
    let descriptor = Samples.descriptor(root: 69)
    func render(_ data: [Float], interleaved: Bool) throws -> ([Float], [Float]) {
      let sampler = Sampler.unity()
      try sampler.loadRawSampleData(
        from: SampleDataDescriptor(
          sampleDescriptor: descriptor, sampleRate: 48_000, isInterleaved: interleaved,
          channelCount: 2, sampleCount: frames, data: data))
      sampler.buildKeyMap()
      sampler.play(noteNumber: 69, velocity: 127)
      return sampler.renderFrames(frames)
    }
    let a = try render(interleaved, interleaved: true)
    let b = try render(left + right, interleaved: false)
    #expect(a.0 == b.0)
    #expect(a.1 == b.1)
    #expect(abs(Measure.cents(Measure.frequency(a.1, sampleRate: 48_000), from: 550)) < 1)
  }
}
