import CSndfile
import Testing

@testable import SFZSampler

/// The same loop, written as a WAV `smpl` chunk, an AIFF `INST`/`MARK` pair, a FLAC foreign
/// metadata block and a WavPack RIFF wrapper, comes back as one half-open frame range.
@Suite struct LoopMetadataTests {
  static let frames = 6_000
  static let loopStart: UInt32 = 1_000
  static let loopLastFrame: UInt32 = 2_999
  static let expectedLoop = SampleLoop(start: 1_000, end: 3_000)
  /// A quarter of a semitone as a smpl pitch fraction.
  static let quarterSemitone: UInt32 = 1 << 30

  /// A mono 16-bit WAV whose smpl chunk (after the data chunk, as many editors write it) holds a
  /// ping-pong loop first and the forward loop second.
  static func loopedWAV(_ fixtures: borrowing DecodingFixtures) throws -> String {
    let values = DecodingFixtures.pcm(bits: 16, frames: frames, channels: 1)
    let path = try fixtures.writePCM(
      "looped.wav", values: values, bits: 16, channels: 1,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
    try DecodingFixtures.appendSmpl(
      toWAV: path, unityNote: 57, pitchFraction: quarterSemitone,
      loops: [
        (type: 1, start: 10, lastFrame: 20), (type: 0, start: loopStart, lastFrame: loopLastFrame),
      ]
    )
    return path
  }

  static func expectLoopAndTuning(_ audio: DecodedAudio) {
    #expect(audio.loop == expectedLoop)
    #expect(audio.rootKey == 57)
    #expect(audio.fineTuneCents == 25)
    #expect(audio.frameCount == frames)
  }

  @Test func wavSmplLoopIsHalfOpen() throws {
    let fixtures = try DecodingFixtures()
    Self.expectLoopAndTuning(try SampleDecoder.decode(path: try Self.loopedWAV(fixtures)))
  }

  @Test func libsndfileInstrumentAgreesWithOwnSmplParser() throws {
    let fixtures = try DecodingFixtures()
    let path = try Self.loopedWAV(fixtures)
    var info = SF_INFO()
    let handle = try #require(sf_open(path, Int32(SFM_READ), &info))
    defer { sf_close(handle) }
    let viaLibrary = try #require(SndfileDecoding.instrument(handle))
    let own = try #require(ContainerMetadata.wav(path: path).metadata)
    #expect(viaLibrary.loop == own.loop)
    #expect(viaLibrary.rootKey == own.rootKey)
    #expect(own.loop == Self.expectedLoop)
  }

  @Test func smplWrittenByLibsndfileBeforeData() throws {
    let fixtures = try DecodingFixtures()
    var instrument = SF_INSTRUMENT()
    instrument.basenote = 64
    instrument.key_hi = 127
    instrument.velocity_hi = 127
    instrument.loop_count = 1
    try withUnsafeMutableBytes(of: &instrument) { raw in
      let base = try #require(MemoryLayout<SF_INSTRUMENT>.offset(of: \.loop_count)) + 4
      raw.storeBytes(of: Int32(SF_LOOP_FORWARD), toByteOffset: base, as: Int32.self)
      raw.storeBytes(of: UInt32(200), toByteOffset: base + 4, as: UInt32.self)
      raw.storeBytes(of: UInt32(700), toByteOffset: base + 8, as: UInt32.self)
    }
    let values = [Float](repeating: 0.25, count: 1_000)
    let path = try fixtures.writeFloat(
      "instrument.wav", values: values, channels: 1,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16), instrument: instrument)
    let audio = try SampleDecoder.decode(path: path)
    #expect(audio.loop == SampleLoop(start: 200, end: 700))
    #expect(audio.rootKey == 64)
  }

  @Test func aiffInstMarkLoop() throws {
    let fixtures = try DecodingFixtures()
    let values = DecodingFixtures.pcm(bits: 16, frames: Self.frames, channels: 1)
    let path = try fixtures.writePCM(
      "looped.aiff", values: values, bits: 16, channels: 1,
      format: Int32(SF_FORMAT_AIFF | SF_FORMAT_PCM_16))
    try DecodingFixtures.appendAIFFLoop(
      to: path, baseNote: 57, detune: -12, start: Self.loopStart, end: Self.loopLastFrame + 1)
    let audio = try SampleDecoder.decode(path: path)
    #expect(audio.loop == Self.expectedLoop)
    #expect(audio.rootKey == 57)
    #expect(audio.fineTuneCents == 12, "AIFF detune -12 corrects a recording 12 cents sharp")
  }

  @Test(.enabled(if: ExternalTool.hasFLAC))
  func flacForeignMetadataLoop() throws {
    let fixtures = try DecodingFixtures()
    let flac = try ExternalTool.flacKeepingMetadata(try Self.loopedWAV(fixtures))
    Self.expectLoopAndTuning(try SampleDecoder.decode(path: flac))
  }

  @Test(.enabled(if: ExternalTool.hasWavPack))
  func wavPackWrapperLoop() throws {
    let fixtures = try DecodingFixtures()
    let wavPack = try ExternalTool.wavPack(try Self.loopedWAV(fixtures))
    Self.expectLoopAndTuning(try SampleDecoder.decode(path: wavPack))
  }

  @Test func loopPastTheEndIsClippedWithANote() throws {
    let fixtures = try DecodingFixtures()
    let values = DecodingFixtures.pcm(bits: 16, frames: 500, channels: 1)
    let path = try fixtures.writePCM(
      "long-loop.wav", values: values, bits: 16, channels: 1,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
    try DecodingFixtures.appendSmpl(
      toWAV: path, unityNote: 60, pitchFraction: 0, loops: [(type: 0, start: 100, lastFrame: 900)])
    let audio = try SampleDecoder.decode(path: path)
    #expect(audio.loop == SampleLoop(start: 100, end: 500))
    #expect(audio.notes.contains { $0.contains("clipped") })
  }

  @Test func smplParserRejectsShortPayloadAndSkipsNonForwardLoops() {
    #expect(SmplChunk.parse([UInt8](repeating: 0, count: 35)[...]) == nil)
    var payload = [UInt8](repeating: 0, count: 36)
    payload.replaceSubrange(28..<32, with: DecodingFixtures.littleEndian(1))
    payload += [0, 1, 2, 3, 4, 5].flatMap { DecodingFixtures.littleEndian($0 == 1 ? 2 : 7) }
    let parsed = SmplChunk.parse(payload[...])
    #expect(parsed?.loop == nil)
    #expect(parsed?.rootKey == 0)
  }
}
