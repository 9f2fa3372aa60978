import CSndfile
import Foundation
import Testing

@testable import SFZSampler

/// Each container and sample encoding decodes to the exact floats its PCM stands for.
@Suite struct FormatDecodingTests {
  static let frames = 5_000

  /// Expected float for a right-justified `bits`-bit integer: full scale maps to 1.0.
  static func expected(_ values: [Int32], bits: Int) -> [Float] {
    let scale = Float(Int64(1) << (bits - 1))
    return values.map { Float($0) / scale }
  }

  static func planar(_ interleaved: [Float], channels: Int) -> [[Float]] {
    (0..<channels).map { channel in
      stride(from: channel, to: interleaved.count, by: channels).map { interleaved[$0] }
    }
  }

  @Test(arguments: [
    (16, SF_FORMAT_PCM_16), (24, SF_FORMAT_PCM_24), (32, SF_FORMAT_PCM_32),
  ])
  func integerWAVIsExact(bits: Int, subtype: Int) throws {
    let fixtures = try DecodingFixtures()
    let values = DecodingFixtures.pcm(bits: bits, frames: Self.frames, channels: 2)
    let path = try fixtures.writePCM(
      "int\(bits).wav", values: values, bits: bits, channels: 2,
      format: Int32(SF_FORMAT_WAV | subtype), sampleRate: 48_000)
    let audio = try SampleDecoder.decode(path: path)
    #expect(audio.sampleRate == 48_000)
    #expect(audio.frameCount == Self.frames)
    #expect(audio.floatChannels == Self.planar(Self.expected(values, bits: bits), channels: 2))
    #expect(audio.floatChannels[0][0] == -1.0)
    #expect(audio.loop == nil && audio.rootKey == nil && audio.notes.isEmpty)
  }

  @Test func floatWAVKeepsValues() throws {
    let fixtures = try DecodingFixtures()
    let values = (0..<Self.frames).map { Float(sin(Double($0) * 0.01)) * 0.7 }
    let path = try fixtures.writeFloat(
      "float.wav", values: values, channels: 1, format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT))
    let audio = try SampleDecoder.decode(path: path)
    #expect(audio.floatChannels == [values])
    #expect(audio.sampleRate == 44_100)
  }

  @Test(arguments: [
    ("aiff", SF_FORMAT_AIFF | SF_FORMAT_PCM_16, 16),
    ("flac", SF_FORMAT_FLAC | SF_FORMAT_PCM_16, 16),
    ("flac", SF_FORMAT_FLAC | SF_FORMAT_PCM_24, 24),
  ])
  func otherLosslessContainersAreExact(fileExtension: String, format: Int, bits: Int) throws {
    let fixtures = try DecodingFixtures()
    let values = DecodingFixtures.pcm(bits: bits, frames: Self.frames, channels: 1)
    let path = try fixtures.writePCM(
      "sample\(bits).\(fileExtension)", values: values, bits: bits, channels: 1,
      format: Int32(format), sampleRate: 22_050)
    let audio = try SampleDecoder.decode(path: path)
    #expect(audio.sampleRate == 22_050)
    #expect(audio.frameCount == Self.frames)
    #expect(audio.floatChannels == [Self.expected(values, bits: bits)])
  }

  @Test func oggVorbisIsClose() throws {
    let fixtures = try DecodingFixtures()
    let step = 2 * Double.pi * 440 / 44_100
    let source = (0..<44_100).map { Float(sin(Double($0) * step) * 0.5) }
    let path = try fixtures.writeFloat(
      "tone.ogg", values: source, channels: 1, format: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS))
    let audio = try SampleDecoder.decode(path: path)
    #expect(audio.frameCount == source.count)
    let decoded = audio.floatChannels[0]
    var squaredError: Float = 0
    for (expected, actual) in zip(source, decoded) {
      squaredError += (expected - actual) * (expected - actual)
    }
    let rms = (squaredError / Float(source.count)).squareRoot()
    #expect(rms < 0.01, "Vorbis RMS error \(rms) against a 0.5 sine")
  }

  @Test func moreThanTwoChannelsKeepsTheFirstTwo() throws {
    let fixtures = try DecodingFixtures()
    let values = DecodingFixtures.pcm(bits: 16, frames: 1_000, channels: 4)
    let path = try fixtures.writePCM(
      "quad.wav", values: values, bits: 16, channels: 4,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
    let audio = try SampleDecoder.decode(path: path)
    let all = Self.planar(Self.expected(values, bits: 16), channels: 4)
    #expect(audio.floatChannels == Array(all.prefix(2)))
    #expect(audio.notes.contains { $0.contains("4 channels") })
  }

  @Test(.enabled(if: ExternalTool.hasWavPack), arguments: [16, 24, 32])
  func wavPackIntegerIsExact(bits: Int) throws {
    let fixtures = try DecodingFixtures()
    let values = DecodingFixtures.pcm(bits: bits, frames: Self.frames, channels: 2)
    let subtype = [16: SF_FORMAT_PCM_16, 24: SF_FORMAT_PCM_24, 32: SF_FORMAT_PCM_32][bits]!
    let wav = try fixtures.writePCM(
      "int\(bits).wav", values: values, bits: bits, channels: 2,
      format: Int32(SF_FORMAT_WAV | subtype), sampleRate: 96_000)
    let audio = try SampleDecoder.decode(path: try ExternalTool.wavPack(wav))
    #expect(audio.sampleRate == 96_000)
    #expect(audio.frameCount == Self.frames)
    #expect(audio.floatChannels == Self.planar(Self.expected(values, bits: bits), channels: 2))
  }

  @Test(.enabled(if: ExternalTool.hasWavPack))
  func wavPackWithMoreThanTwoChannelsKeepsTheFirstTwo() throws {
    let fixtures = try DecodingFixtures()
    let values = DecodingFixtures.pcm(bits: 16, frames: 2_000, channels: 4)
    let wav = try fixtures.writePCM(
      "quad.wav", values: values, bits: 16, channels: 4,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
    let audio = try SampleDecoder.decode(path: try ExternalTool.wavPack(wav))
    let all = Self.planar(Self.expected(values, bits: 16), channels: 4)
    #expect(audio.floatChannels == Array(all.prefix(2)))
    #expect(audio.notes.contains { $0.contains("4 channels") })
  }

  @Test(.enabled(if: ExternalTool.hasWavPack))
  func wavPackFloatKeepsValues() throws {
    let fixtures = try DecodingFixtures()
    let values = (0..<Self.frames).map { Float(cos(Double($0) * 0.003)) * 0.9 }
    let wav = try fixtures.writeFloat(
      "float.wav", values: values, channels: 1, format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT))
    let audio = try SampleDecoder.decodeWavPack(path: try ExternalTool.wavPack(wav))
    #expect(audio.floatChannels == [values])
  }

  @Test func contentNotExtensionChoosesTheDecoder() throws {
    let fixtures = try DecodingFixtures()
    let values = DecodingFixtures.pcm(bits: 16, frames: 800, channels: 1)
    let path = try fixtures.writePCM(
      "really-a-wav.wv", values: values, bits: 16, channels: 1,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
    let audio = try SampleDecoder.decode(path: path)
    #expect(audio.floatChannels == [Self.expected(values, bits: 16)])
  }
}
