import CSndfile
import Foundation
import Testing

@testable import SFZSampler

/// Integer sources of 16 bits or fewer decode to 16-bit integers, wider ones and floats to floats,
/// and the engine then holds half the bytes for the 16-bit ones.
@Suite struct CompactDecodingTests {
  static let frames = 6_000

  /// Planar channels of interleaved values.
  static func planar<Value>(_ interleaved: [Value], channels: Int) -> [[Value]] {
    (0..<channels).map { channel in
      stride(from: channel, to: interleaved.count, by: channels).map { interleaved[$0] }
    }
  }

  /// The floats libsndfile's own `sf_readf_float` gives for `path`, planar.
  static func sndfileFloats(_ path: String) throws -> [[Float]] {
    var info = SF_INFO()
    let file = try #require(sf_open(path, Int32(SFM_READ), &info))
    defer { sf_close(file) }
    var values = [Float](repeating: 0, count: Int(info.frames) * Int(info.channels))
    let got = values.withUnsafeMutableBufferPointer {
      sf_readf_float(file, $0.baseAddress, info.frames)
    }
    #expect(got == info.frames)
    return planar(values, channels: Int(info.channels))
  }

  @Test(arguments: [
    ("wav", SF_FORMAT_WAV | SF_FORMAT_PCM_16), ("aiff", SF_FORMAT_AIFF | SF_FORMAT_PCM_16),
    ("flac", SF_FORMAT_FLAC | SF_FORMAT_PCM_16),
  ])
  func sixteenBitPCMStaysSixteenBit(fileExtension: String, format: Int) throws {
    let fixtures = try DecodingFixtures()
    let values = DecodingFixtures.pcm(bits: 16, frames: Self.frames, channels: 2)
    let path = try fixtures.writePCM(
      "pcm16.\(fileExtension)", values: values, bits: 16, channels: 2, format: Int32(format))
    let audio = try SampleDecoder.decode(path: path)
    #expect(audio.samples.format == .int16)
    #expect(audio.samples == .int16(Self.planar(values.map { Int16($0) }, channels: 2)))
    #expect(audio.frameCount == Self.frames && audio.fileFrameCount == Self.frames)
  }

  @Test(arguments: [
    ("wav", SF_FORMAT_WAV | SF_FORMAT_PCM_U8), ("aiff", SF_FORMAT_AIFF | SF_FORMAT_PCM_S8),
    ("flac", SF_FORMAT_FLAC | SF_FORMAT_PCM_S8),
  ])
  func eightBitPCMBecomesSixteenBitWithTheFloatsOfAFloatRead(fileExtension: String, format: Int)
    throws
  {
    let fixtures = try DecodingFixtures()
    let values = DecodingFixtures.pcm(bits: 8, frames: Self.frames, channels: 1)
    let path = try fixtures.writePCM(
      "pcm8.\(fileExtension)", values: values, bits: 8, channels: 1, format: Int32(format))
    let audio = try SampleDecoder.decode(path: path)
    #expect(audio.samples == .int16([values.map { Int16($0) * 256 }]))
    // What the engine makes of them (x / 32768) is what libsndfile's float read gives: x / 128.
    #expect(audio.floatChannels == (try Self.sndfileFloats(path)))
    #expect(audio.floatChannels == [values.map { Float($0) / 128 }])
  }

  @Test(arguments: [
    ("wav", SF_FORMAT_WAV | SF_FORMAT_PCM_24, 24), ("flac", SF_FORMAT_FLAC | SF_FORMAT_PCM_24, 24),
    ("wav", SF_FORMAT_WAV | SF_FORMAT_PCM_32, 32), ("aiff", SF_FORMAT_AIFF | SF_FORMAT_PCM_24, 24),
  ])
  func widerPCMStaysFloat(fileExtension: String, format: Int, bits: Int) throws {
    let fixtures = try DecodingFixtures()
    let values = DecodingFixtures.pcm(bits: bits, frames: Self.frames, channels: 2)
    let path = try fixtures.writePCM(
      "pcm\(bits).\(fileExtension)", values: values, bits: bits, channels: 2,
      format: Int32(format))
    let audio = try SampleDecoder.decode(path: path)
    let scale = Float(Int64(1) << (bits - 1))
    #expect(audio.samples == .float32(Self.planar(values.map { Float($0) / scale }, channels: 2)))
  }

  @Test func floatWAVStaysFloat() throws {
    let fixtures = try DecodingFixtures()
    let values = (0..<Self.frames).map { Float(sin(Double($0) * 0.02)) * 0.8 }
    let path = try fixtures.writeFloat(
      "float.wav", values: values, channels: 1, format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT))
    #expect(try SampleDecoder.decode(path: path).samples == .float32([values]))
  }

  @Test(.enabled(if: ExternalTool.hasWavPack), arguments: [8, 16])
  func wavPackOfSixteenBitsOrFewerStaysSixteenBit(bits: Int) throws {
    let fixtures = try DecodingFixtures()
    let values = DecodingFixtures.pcm(bits: bits, frames: Self.frames, channels: 2)
    let subtype = bits == 8 ? SF_FORMAT_PCM_U8 : SF_FORMAT_PCM_16
    let wav = try fixtures.writePCM(
      "int\(bits).wav", values: values, bits: bits, channels: 2,
      format: Int32(SF_FORMAT_WAV | subtype))
    let audio = try SampleDecoder.decode(path: try ExternalTool.wavPack(wav))
    let shift = Int16(16 - bits)
    #expect(audio.samples == .int16(Self.planar(values.map { Int16($0) << shift }, channels: 2)))
    // The same values as libsndfile's float read of the WAV WavPack was made from.
    #expect(audio.floatChannels == (try Self.sndfileFloats(wav)))
  }

  @Test(.enabled(if: ExternalTool.hasWavPack))
  func wavPackOfTwentyFourBitsStaysFloat() throws {
    let fixtures = try DecodingFixtures()
    let values = DecodingFixtures.pcm(bits: 24, frames: Self.frames, channels: 1)
    let wav = try fixtures.writePCM(
      "int24.wav", values: values, bits: 24, channels: 1,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_24))
    let audio = try SampleDecoder.decode(path: try ExternalTool.wavPack(wav))
    #expect(audio.samples == .float32([values.map { Float($0) / 8_388_608 }]))
  }

  @Test func reversedAndWithoutFramesKeepTheFormat() throws {
    let fixtures = try DecodingFixtures()
    let values = DecodingFixtures.pcm(bits: 16, frames: 500, channels: 2)
    let path = try fixtures.writePCM(
      "pcm16.wav", values: values, bits: 16, channels: 2,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
    let audio = try SampleDecoder.decode(path: path)
    let planar = Self.planar(values.map { Int16($0) }, channels: 2)
    #expect(audio.reversed().samples == .int16(planar.map { Array($0.reversed()) }))
    #expect(audio.withoutFrames().samples == .int16([]))
    #expect(audio.withoutFrames().frameCount == 500)
  }

  /// An instrument of one sample, in 16-bit and float files of the same values: the engine holds
  /// half the bytes for the 16-bit one, and both play the same audio.
  @Test func sixteenBitSamplesTakeHalfTheMemoryAndPlayTheSame() throws {
    let fixtures = try DecodingFixtures()
    let frames = 48_000
    let values = DecodingFixtures.pcm(bits: 16, frames: frames, channels: 2)
    _ = try fixtures.writePCM(
      "pcm16.wav", values: values, bits: 16, channels: 2,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16), sampleRate: 48_000)
    _ = try fixtures.writeFloat(
      "float.wav", values: values.map { Float($0) / 32_768 }, channels: 2,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT), sampleRate: 48_000)
    var results: [(bytes: Int, audio: [Float])] = []
    for name in ["pcm16", "float"] {
      let sfz = fixtures.path("\(name).sfz")
      try "<region> sample=\(name).wav pitch_keycenter=60 loop_mode=loop_continuous\n"
        .write(toFile: sfz, atomically: true, encoding: .utf8)
      let sampler = Sampler.unity()
      let report = try sampler.loadInstrument(url: URL(fileURLWithPath: sfz))
      sampler.play(noteNumber: 67, velocity: 100)
      let out = sampler.renderFrames(24_000)
      results.append((report.sampleBytes, out.left + out.right))
    }
    let sampleBytes = frames * 2 * 2
    #expect(results[0].bytes >= sampleBytes && results[0].bytes < sampleBytes + 1_024)
    #expect(results[1].bytes == 2 * results[0].bytes)
    #expect((results[0].audio.map(abs).max() ?? 0) > 0.1)
    #expect(results[0].audio.map(\.bitPattern) == results[1].audio.map(\.bitPattern))
  }
}
