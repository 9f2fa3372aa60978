import AudioTestSupport
import CSndfile
import Foundation
import SFZSampler
import Testing

@Suite("Bad input")
struct SamplerBadInputTests {
  private func expectError(
    naming path: String, _ body: () throws(SamplerError) -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      try body()
      Issue.record("no error for \(path)", sourceLocation: sourceLocation)
    } catch {
      #expect(error.description.contains(path), "\(error)", sourceLocation: sourceLocation)
      #expect(!error.description.contains("\n"), "one line", sourceLocation: sourceLocation)
    }
  }

  @Test(
    "a missing file, a corrupt WAV, text named .wv and zero-length audio each throw naming the file"
  )
  func unreadableFiles() throws {
    let fixtures = try DecodingFixtures()
    let descriptor = Samples.descriptor(root: 60)
    let sampler = Sampler()

    let missing = fixtures.path("missing.wav")
    expectError(naming: missing) { () throws(SamplerError) in
      try sampler.loadAudioFile(from: descriptor, path: missing)
    }

    let corrupt = fixtures.path("corrupt.wav")
    var bytes = Array("RIFF".utf8) + [0x24, 0x10, 0, 0] + Array("WAVEfmt ".utf8)
    bytes += [UInt8](repeating: 0xFF, count: 64)
    try Data(bytes).write(to: URL(fileURLWithPath: corrupt))
    expectError(naming: corrupt) { () throws(SamplerError) in
      try sampler.loadAudioFile(from: descriptor, path: corrupt)
    }

    let text = fixtures.path("notes.wv")
    try Data("just some text\n".utf8).write(to: URL(fileURLWithPath: text))
    expectError(naming: text) { () throws(SamplerError) in
      try sampler.loadCompressedSampleFile(
        from: SampleFileDescriptor(sampleDescriptor: descriptor, path: text))
    }

    let empty = try fixtures.writeFloat(
      "empty.wav", values: [], channels: 1, format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT))
    expectError(naming: empty) { () throws(SamplerError) in
      try sampler.loadAudioFile(from: descriptor, path: empty)
    }
  }

  @Test("loop points outside the sample throw naming the sample")
  func loopOutsideSample() throws {
    let fixtures = try DecodingFixtures()
    let path = try fixtures.writeFloat(
      "short.wav", values: [Float](repeating: 0.1, count: 1_000), channels: 1,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT))
    let sampler = Sampler()
    let outside = Samples.descriptor(root: 60, looping: true, loop: (100, 5_000))
    expectError(naming: path) { () throws(SamplerError) in
      try sampler.loadAudioFile(from: outside, path: path)
    }
    let raw = Samples.sine(Samples.descriptor(root: 60, looping: true, loop: (10, 99_999)))
    expectError(naming: "raw sample data") { () throws(SamplerError) in
      try sampler.loadRawSampleData(from: raw)
    }
    let mismatched = SampleDataDescriptor(
      sampleDescriptor: Samples.descriptor(root: 60), sampleRate: 48_000, isInterleaved: true,
      channelCount: 2, sampleCount: 100, data: [Float](repeating: 0, count: 150))
    expectError(naming: "raw sample data") { () throws(SamplerError) in
      try sampler.loadRawSampleData(from: mismatched)
    }
  }
}
