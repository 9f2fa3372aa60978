import CSndfile
import Foundation
import Testing

@testable import SFZSampler

/// Broken or unreadable inputs throw the matching error, naming the file, and never crash.
@Suite struct BadInputTests {
  /// The error decoding `path` throws (through the WavPack entry point when `asWavPack`).
  static func decodeError(_ path: String, asWavPack: Bool = false) -> SampleDecodingError? {
    do {
      _ = try asWavPack ? SampleDecoder.decodeWavPack(path: path) : SampleDecoder.decode(path: path)
      return nil
    } catch {
      #expect(error.path == path)
      #expect(error.description.hasPrefix(path))
      return error
    }
  }

  static func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  @Test func missingFile() throws {
    let fixtures = try DecodingFixtures()
    let path = fixtures.path("absent.wav")
    #expect(Self.decodeError(path) == .fileNotFound(path: path))
  }

  @Test func emptyFile() throws {
    let fixtures = try DecodingFixtures()
    let path = fixtures.path("empty.wav")
    try Self.write([], to: path)
    #expect(Self.decodeError(path) == .emptyFile(path: path))
  }

  @Test(.enabled(if: getuid() != 0, "root reads files whatever their permissions"))
  func unreadableFile() throws {
    let fixtures = try DecodingFixtures()
    let path = try fixtures.writeFloat(
      "locked.wav", values: [0.1, 0.2], channels: 1, format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT)
    )
    chmod(path, 0)
    #expect(Self.decodeError(path) == .permissionDenied(path: path))
  }

  @Test func directoryIsNotAFile() throws {
    let fixtures = try DecodingFixtures()
    guard case .cannotOpen = Self.decodeError(fixtures.folder.path) else {
      Issue.record("a directory must report cannotOpen")
      return
    }
  }

  @Test func textFileNamedWavPack() throws {
    let fixtures = try DecodingFixtures()
    let path = fixtures.path("notes.wv")
    try Self.write(Array("This is not audio at all, just some text.\n".utf8), to: path)
    for asWavPack in [false, true] {
      guard case .notAudio = Self.decodeError(path, asWavPack: asWavPack) else {
        Issue.record("text must report notAudio")
        continue
      }
    }
  }

  @Test func riffHeaderFollowedByGarbage() throws {
    let fixtures = try DecodingFixtures()
    let path = fixtures.path("garbage.wav")
    let garbage = (0..<400).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    try Self.write(
      Array("RIFF".utf8) + DecodingFixtures.littleEndian(404) + Array("WAVE".utf8)
        + garbage, to: path)
    guard case .corruptHeader = Self.decodeError(path) else {
      Issue.record("garbage after the RIFF header must report corruptHeader")
      return
    }
  }

  @Test func headerCutInsideTheFormatChunk() throws {
    let fixtures = try DecodingFixtures()
    let whole = try fixtures.writePCM(
      "whole.wav", values: [1, 2, 3, 4], bits: 16, channels: 1,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: whole)))
    let path = fixtures.path("cut.wav")
    try Self.write(Array(bytes.prefix(24)), to: path)
    guard case .corruptHeader = Self.decodeError(path) else {
      Issue.record("a header cut short must report corruptHeader")
      return
    }
  }

  @Test func validHeaderWithZeroFrames() throws {
    let fixtures = try DecodingFixtures()
    let path = try fixtures.writePCM(
      "silent.wav", values: [], bits: 16, channels: 1,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
    #expect(Self.decodeError(path) == .noFrames(path: path))
  }

  @Test func audioCutMidStreamKeepsWhatIsThereWithANote() throws {
    let fixtures = try DecodingFixtures()
    let values = DecodingFixtures.pcm(bits: 16, frames: 1_000, channels: 1)
    let whole = try fixtures.writePCM(
      "whole.wav", values: values, bits: 16, channels: 1,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: whole)))
    let path = fixtures.path("cut.wav")
    try Self.write(Array(bytes.prefix(44 + 600 * 2)), to: path)
    let audio = try SampleDecoder.decode(path: path)
    #expect(audio.frameCount == 600)
    #expect(audio.floatChannels[0] == values.prefix(600).map { Float($0) / 32_768 })
  }

  @Test func flacWithDamagedFramesFailsMidStream() throws {
    let fixtures = try DecodingFixtures()
    let values = DecodingFixtures.pcm(bits: 16, frames: 200_000, channels: 1)
    let path = try fixtures.writePCM(
      "damaged.flac", values: values, bits: 16, channels: 1,
      format: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16))
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    for index in stride(from: bytes.count / 3, to: bytes.count * 2 / 3, by: 7) {
      bytes[index] ^= 0x5A
    }
    try Self.write(bytes, to: path)
    guard case .readFailed(_, let frame, _) = Self.decodeError(path) else {
      Issue.record("damaged FLAC frames must report readFailed")
      return
    }
    #expect(frame > 0 && frame < 200_000)
  }

  @Test func wavCutRightAfterTheDataHeader() throws {
    let fixtures = try DecodingFixtures()
    let whole = try fixtures.writePCM(
      "whole.wav", values: DecodingFixtures.pcm(bits: 16, frames: 100, channels: 1), bits: 16,
      channels: 1, format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: whole)))
    let path = fixtures.path("header-only.wav")
    try Self.write(Array(bytes.prefix(44)), to: path)
    #expect(Self.decodeError(path) == .noFrames(path: path))
  }

  @Test(.enabled(if: ExternalTool.hasWavPack))
  func wavPackWithDamagedBlocks() throws {
    let fixtures = try DecodingFixtures()
    let values = DecodingFixtures.pcm(bits: 16, frames: 200_000, channels: 1)
    let wav = try fixtures.writePCM(
      "source.wav", values: values, bits: 16, channels: 1,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
    let wavPack = try ExternalTool.wavPack(wav)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: wavPack)))
    for index in stride(from: bytes.count / 3, to: bytes.count * 2 / 3, by: 7) {
      bytes[index] ^= 0x5A
    }
    try Self.write(bytes, to: wavPack)
    guard case .readFailed = Self.decodeError(wavPack) else {
      Issue.record("damaged WavPack blocks must report readFailed")
      return
    }
  }

  @Test(.enabled(if: ExternalTool.hasWavPack))
  func wavPackHeaderOnly() throws {
    let fixtures = try DecodingFixtures()
    let wav = try fixtures.writePCM(
      "source.wav", values: DecodingFixtures.pcm(bits: 16, frames: 50_000, channels: 1), bits: 16,
      channels: 1, format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
    let wavPack = try ExternalTool.wavPack(wav)
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: wavPack)))
    try Self.write(Array(bytes.prefix(20)), to: wavPack)
    guard case .corruptHeader = Self.decodeError(wavPack) else {
      Issue.record("a WavPack file cut inside its first block must report corruptHeader")
      return
    }
  }
}
