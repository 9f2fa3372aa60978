import CSndfile
import Testing

@testable import SFZSampler

/// Raw buffers are validated, and the same PCM gives the same floats from every source.
@Suite struct RawAndEquivalenceTests {
  @Test func interleavedAndPlanarGiveTheSameChannels() throws {
    let left: [Float] = [0.1, 0.2, 0.3]
    let right: [Float] = [-0.1, -0.2, -0.3]
    let interleaved = try SampleDecoder.fromRaw(
      data: [0.1, -0.1, 0.2, -0.2, 0.3, -0.3], channelCount: 2, isInterleaved: true,
      sampleCount: 3, sampleRate: 44_100)
    let planar = try SampleDecoder.fromRaw(
      data: left + right, channelCount: 2, isInterleaved: false, sampleCount: 3,
      sampleRate: 44_100)
    #expect(interleaved.floatChannels == [left, right])
    #expect(planar.floatChannels == [left, right])
    #expect(planar.frameCount == 3 && planar.sampleRate == 44_100)
  }

  @Test(arguments: [
    (4, 1, 3, 44_100.0), (2, 0, 0, 44_100.0), (3, 1, 3, 0.0), (6, 3, 2, 44_100.0),
    (1, 1, -1, 48_000.0),
  ])
  func inconsistentSizesAreRejected(
    count: Int, channelCount: Int, sampleCount: Int, sampleRate: Double
  ) {
    let data = [Float](repeating: 0, count: count)
    let expectedRejection =
      !(count == channelCount * sampleCount && sampleRate > 0)
      || sampleCount <= 0 || channelCount <= 0
    do {
      _ = try SampleDecoder.fromRaw(
        data: data, channelCount: channelCount, isInterleaved: true, sampleCount: sampleCount,
        sampleRate: sampleRate, name: "pad.raw")
      #expect(!expectedRejection)
    } catch {
      #expect(expectedRejection)
      guard case .invalidRawData(let path, _) = error else {
        Issue.record("expected invalidRawData, got \(error)")
        return
      }
      #expect(path == "pad.raw")
    }
  }

  @Test func nonFiniteValuesAreRejected() {
    #expect(throws: SampleDecodingError.self) {
      try SampleDecoder.fromRaw(
        data: [0, .nan], channelCount: 1, isInterleaved: true, sampleCount: 2, sampleRate: 8_000)
    }
  }

  @Test func rawWAVFLACAndWavPackOf24BitPCMAreIdentical() throws {
    let fixtures = try DecodingFixtures()
    let frames = 20_000
    let values = DecodingFixtures.pcm(bits: 24, frames: frames, channels: 2)
    let floats = values.map { Float($0) / 8_388_608 }
    let raw = try SampleDecoder.fromRaw(
      data: floats, channelCount: 2, isInterleaved: true, sampleCount: frames,
      sampleRate: 48_000)
    let wav = try fixtures.writePCM(
      "pcm24.wav", values: values, bits: 24, channels: 2,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_24), sampleRate: 48_000)
    let flac = try fixtures.writePCM(
      "pcm24.flac", values: values, bits: 24, channels: 2,
      format: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_24), sampleRate: 48_000)
    var decoded = [try SampleDecoder.decode(path: wav), try SampleDecoder.decode(path: flac)]
    if ExternalTool.hasWavPack {
      decoded.append(try SampleDecoder.decode(path: try ExternalTool.wavPack(wav)))
    }
    for audio in decoded {
      #expect(audio.floatChannels == raw.floatChannels)
      #expect(audio.sampleRate == raw.sampleRate && audio.frameCount == raw.frameCount)
    }
  }
}
