import CSndfile
import Foundation
import Testing

@testable import SFZSampler

/// `SampleStreamDecoder` gives, chunk by chunk and after any seek, exactly the values of a
/// whole-file decode, which are checked here against the PCM written; a bounded decode gives the
/// first frames and the whole file's length and metadata.
@Suite struct StreamDecoderTests {
  static let frames = 100_003

  /// How a fixture is made: a container and encoding, or WavPack made from a WAV of them.
  enum Kind: String, CaseIterable, CustomTestStringConvertible {
    case wav16, wav24, flac16, flac24, aiff16, wavPack16, wavPack24, wavPackFloat

    var testDescription: String { rawValue }
    var bits: Int? {
      switch self {
      case .wav16, .flac16, .aiff16, .wavPack16: return 16
      case .wav24, .flac24, .wavPack24: return 24
      case .wavPackFloat: return nil
      }
    }
    var isWavPack: Bool { [.wavPack16, .wavPack24, .wavPackFloat].contains(self) }
    var format: Int {
      switch self {
      case .wav16, .wavPack16: return SF_FORMAT_WAV | SF_FORMAT_PCM_16
      case .wav24, .wavPack24: return SF_FORMAT_WAV | SF_FORMAT_PCM_24
      case .flac16: return SF_FORMAT_FLAC | SF_FORMAT_PCM_16
      case .flac24: return SF_FORMAT_FLAC | SF_FORMAT_PCM_24
      case .aiff16: return SF_FORMAT_AIFF | SF_FORMAT_PCM_16
      case .wavPackFloat: return SF_FORMAT_WAV | SF_FORMAT_FLOAT
      }
    }
    var fileExtension: String {
      switch self {
      case .flac16, .flac24: return "flac"
      case .aiff16: return "aiff"
      default: return "wav"
      }
    }
  }

  /// A fixture file and the values its frames must decode to, interleaved, as bit patterns
  /// (`Float.bitPattern`, or the `Int16` bits), worked out from the values written.
  struct Fixture {
    var path: String
    var expected: [UInt32]
    var format: SampleFormat
  }

  static func make(_ kind: Kind, channels: Int, in fixtures: borrowing DecodingFixtures) throws
    -> Fixture
  {
    let name = "\(kind.rawValue)-\(channels)ch.\(kind.fileExtension)"
    guard let bits = kind.bits else {
      let values = (0..<frames * channels).map { Float(sin(Double($0) * 0.0137)) * 0.9 }
      let wav = try fixtures.writeFloat(
        name, values: values, channels: channels, format: Int32(kind.format))
      return Fixture(
        path: try ExternalTool.wavPack(wav), expected: values.map(\.bitPattern), format: .float32)
    }
    let values = DecodingFixtures.pcm(bits: bits, frames: frames, channels: channels)
    let path = try fixtures.writePCM(
      name, values: values, bits: bits, channels: channels, format: Int32(kind.format))
    let expected =
      bits == 16
      ? values.map { UInt32(UInt16(bitPattern: Int16($0))) }
      : values.map { (Float($0) / Float(1 << (bits - 1))).bitPattern }
    return Fixture(
      path: kind.isWavPack ? try ExternalTool.wavPack(path) : path, expected: expected,
      format: bits == 16 ? .int16 : .float32)
  }

  /// The whole-file decode's values for `frames`, interleaved, as bit patterns.
  static func bits(of samples: SampleStorage, frames: Range<Int>) -> [UInt32] {
    switch samples {
    case .float32(let channels):
      return frames.flatMap { frame in channels.map { $0[frame].bitPattern } }
    case .int16(let channels):
      return frames.flatMap { frame in channels.map { UInt32(UInt16(bitPattern: $0[frame])) } }
    }
  }

  /// Reads `count` frames from `frame` and returns the frames read as bit patterns.
  static func read(_ stream: SampleStreamDecoder, from frame: Int, count: Int) throws -> [UInt32] {
    let values = count * stream.channelCount
    let buffer = UnsafeMutableRawPointer.allocate(
      byteCount: max(1, count * stream.bytesPerFrame), alignment: 4)
    defer { buffer.deallocate() }
    let got = try stream.read(from: frame, count: count, into: buffer)
    #expect(got == min(count, max(0, stream.frameCount - frame)))
    let read = got * stream.channelCount
    switch stream.format {
    case .float32:
      let typed = buffer.bindMemory(to: Float.self, capacity: values)
      return (0..<read).map { typed[$0].bitPattern }
    case .int16:
      let typed = buffer.bindMemory(to: Int16.self, capacity: values)
      return (0..<read).map { UInt32(UInt16(bitPattern: typed[$0])) }
    }
  }

  static var cases: [(Kind, Int)] {
    Kind.allCases.filter { !$0.isWavPack || ExternalTool.hasWavPack }.flatMap {
      [($0, 1), ($0, 2)]
    }
  }

  @Test(arguments: cases)
  func chunkedAndSeekingReadsGiveTheWholeFileDecode(kind: Kind, channels: Int) throws {
    let fixtures = try DecodingFixtures()
    let fixture = try Self.make(kind, channels: channels, in: fixtures)
    let whole = try SampleDecoder.decode(path: fixture.path)
    let wholeBits = Self.bits(of: whole.samples, frames: 0..<whole.frameCount)
    #expect(whole.samples.format == fixture.format)
    #expect(wholeBits == fixture.expected, "the whole-file decode gives the PCM written")

    let stream = try SampleStreamDecoder(path: fixture.path)
    #expect(stream.format == fixture.format && stream.channelCount == channels)
    #expect(stream.frameCount == Self.frames && stream.sampleRate == whole.sampleRate)
    for chunk in [1_000, 4_097] {
      var read: [UInt32] = []
      var frame = 0
      while frame < stream.frameCount {
        let piece = try Self.read(stream, from: frame, count: chunk)
        read += piece
        frame += piece.count / channels
      }
      #expect(read == wholeBits, "chunks of \(chunk) frames")
      #expect(try Self.read(stream, from: frame, count: chunk).isEmpty)
    }
    // Only the return to frame 0 for the second pass seeked.
    #expect(stream.seekCount == 1)
    // Seeks backwards and forwards, reads running past the end, and reads that continue.
    var random = SplitMix(seed: UInt64(channels) * 7_919 + UInt64(kind.rawValue.count))
    var frame = 0
    var seeks = stream.seekCount
    for step in 0..<60 {
      if step % 3 != 2 {
        let next = random.next(below: Self.frames + 50)
        // A read from the end of the file returns before any seek.
        if next != frame, next < Self.frames { seeks += 1 }
        frame = next
      }
      let count = 1 + random.next(below: 9_000)
      let piece = try Self.read(stream, from: frame, count: count)
      let end = min(frame + count, Self.frames)
      let expected = frame < end ? Array(wholeBits[frame * channels..<end * channels]) : []
      #expect(piece == expected, "\(count) frames from \(frame)")
      frame = end
    }
    #expect(stream.seekCount == seeks, "reads that continue do not seek")
  }

  @Test func droppedChannelsAndSilencedValuesMatchTheWholeFileDecode() throws {
    let fixtures = try DecodingFixtures()
    var values = (0..<30_000 * 3).map { Float(cos(Double($0) * 0.01)) * 0.5 }
    for index in stride(from: 7, to: values.count, by: 997) { values[index] = .nan }
    values[1_000] = .infinity
    values[2_000] = 1e30
    let path = try fixtures.writeFloat(
      "three.wav", values: values, channels: 3, format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT))
    let whole = try SampleDecoder.decode(path: path)
    let wholeBits = Self.bits(of: whole.samples, frames: 0..<whole.frameCount)
    let expected = (0..<30_000).flatMap { frame in
      (0..<2).map { channel -> UInt32 in
        let value = values[frame * 3 + channel]
        return (SampleValueCheck.isPlayable(value) ? value : 0).bitPattern
      }
    }
    #expect(wholeBits == expected)
    let stream = try SampleStreamDecoder(path: path)
    #expect(stream.channelCount == 2)
    #expect(try Self.read(stream, from: 0, count: 30_000) == wholeBits)
    #expect(try Self.read(stream, from: 12_345, count: 777) == Array(wholeBits[24_690..<26_244]))
  }

  @Test(arguments: cases.filter { $0.1 == 2 })
  func boundedDecodeGivesTheFirstFramesAndTheWholeFile(kind: Kind, channels: Int) throws {
    let fixtures = try DecodingFixtures()
    let fixture = try Self.make(kind, channels: channels, in: fixtures)
    let whole = try SampleDecoder.decode(path: fixture.path)
    let head = try SampleDecoder.decode(path: fixture.path, frameLimit: 12_345)
    #expect(head.frameCount == 12_345)
    #expect(head.fileFrameCount == Self.frames && whole.fileFrameCount == Self.frames)
    #expect(
      Self.bits(of: head.samples, frames: 0..<12_345) == Array(fixture.expected.prefix(24_690)))
    #expect(head.samples.format == whole.samples.format)
    #expect(head.sampleRate == whole.sampleRate)
    let beyond = try SampleDecoder.decode(path: fixture.path, frameLimit: 1_000_000)
    #expect(beyond.frameCount == Self.frames && beyond.samples == whole.samples)
  }

  /// A loop past the decoded head is the whole file's loop, not dropped.
  @Test(arguments: ["wav", "flac", "wv"])
  func boundedDecodeKeepsTheWholeFilesMetadata(container: String) throws {
    if container == "wv" && !ExternalTool.hasWavPack { return }
    if container == "flac" && !ExternalTool.hasFLAC { return }
    let fixtures = try DecodingFixtures()
    let values = DecodingFixtures.pcm(bits: 16, frames: 60_000, channels: 1)
    let wav = try fixtures.writePCM(
      "looped.wav", values: values, bits: 16, channels: 1,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
    try DecodingFixtures.appendSmpl(
      toWAV: wav, unityNote: 62, pitchFraction: 1 << 31,
      loops: [(type: 0, start: 40_000, lastFrame: 54_999)])
    let path =
      switch container {
      case "flac": try ExternalTool.flacKeepingMetadata(wav)
      case "wv": try ExternalTool.wavPack(wav)
      default: wav
      }
    let whole = try SampleDecoder.decode(path: path)
    let head = try SampleDecoder.decode(path: path, frameLimit: 4_096)
    #expect(whole.loop == SampleLoop(start: 40_000, end: 55_000))
    #expect(head.loop == whole.loop && head.rootKey == 62 && head.fineTuneCents == 50)
    #expect(head.fineTuneCents == whole.fineTuneCents && head.notes == whole.notes)
    #expect(head.frameCount == 4_096 && head.fileFrameCount == 60_000)
    #expect(head.samples == .int16([values.prefix(4_096).map { Int16($0) }]))
  }

  @Test func streamingRefusesWhatItCannotOpen() throws {
    let fixtures = try DecodingFixtures()
    let text = fixtures.path("notes.wav")
    try "not audio".write(toFile: text, atomically: true, encoding: .utf8)
    #expect(throws: SampleDecodingError.self) { try SampleStreamDecoder(path: text) }
    #expect(throws: SampleDecodingError.fileNotFound(path: fixtures.path("missing.wav"))) {
      try SampleStreamDecoder(path: fixtures.path("missing.wav"))
    }
  }
}
