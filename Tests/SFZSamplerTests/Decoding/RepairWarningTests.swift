import CSndfile
import Foundation
import Testing

@testable import SFZSampler

/// Every repair a decoder makes is said: as a note on the decoded audio, as a warning naming the
/// file and the SFZ line of the region that plays it, and from `loadAudioFile`. Nothing is
/// repaired silently.
@Suite struct RepairWarningTests {
  static let frames = 4_800

  /// A 16-bit mono WAV of a quiet sine, `frames` long.
  static func pcmWAV(_ fixtures: borrowing DecodingFixtures, _ name: String) throws -> String {
    try fixtures.writePCM(
      name, values: DecodingFixtures.pcm(bits: 16, frames: frames, channels: 1), bits: 16,
      channels: 1, format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16), sampleRate: 48_000)
  }

  static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// Offset of the `data` chunk's size field.
  static func dataSizeOffset(_ bytes: [UInt8]) throws -> Int {
    let at = try #require(
      (12..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual("data".utf8) })
    return at + 4
  }

  @Test("NaN and infinite values are silenced at decode time, with their count")
  func nonFiniteValuesAreReplaced() throws {
    let fixtures = try DecodingFixtures()
    var values = [Float](repeating: 0.25, count: 1_000)
    for index in stride(from: 10, to: 1_000, by: 100) { values[index] = .nan }
    values[15] = .infinity
    values[16] = -.infinity
    let path = try fixtures.writeFloat(
      "poison.wav", values: values, channels: 1, format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT))
    let audio = try SampleDecoder.decode(path: path)
    #expect(audio.floatChannels[0].allSatisfy { $0.isFinite })
    #expect(audio.floatChannels[0][10] == 0 && audio.floatChannels[0][15] == 0)
    #expect(audio.floatChannels[0][11] == 0.25, "finite values are untouched")
    #expect(
      audio.notes.contains {
        $0.hasPrefix("12 sample value(s) were NaN, infinite or beyond ±16777216")
      })
  }

  @Test("a data chunk cut short by truncation is a note, not a silent shorter sample")
  func truncatedDataIsNoted() throws {
    let fixtures = try DecodingFixtures()
    let path = try Self.pcmWAV(fixtures, "cut.wav")
    let whole = try Self.bytes(path)
    try Data(whole.dropLast(2_000)).write(to: URL(fileURLWithPath: path))
    let audio = try SampleDecoder.decode(path: path)
    #expect(audio.frameCount == Self.frames - 1_000)
    #expect(
      audio.notes.contains {
        $0.contains("data chunk announces 9600 bytes but the file holds 7600")
      }, "\(audio.notes)")
  }

  @Test("a data chunk size of 0xFFFFFFFF is a note")
  func unknownDataSizeIsNoted() throws {
    let fixtures = try DecodingFixtures()
    let path = try Self.pcmWAV(fixtures, "streamed.wav")
    var bytes = try Self.bytes(path)
    let at = try Self.dataSizeOffset(bytes)
    bytes.replaceSubrange(at..<at + 4, with: [0xFF, 0xFF, 0xFF, 0xFF])
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let audio = try SampleDecoder.decode(path: path)
    #expect(audio.frameCount == Self.frames)
    #expect(audio.notes.contains { $0.contains("0xFFFFFFFF") }, "\(audio.notes)")
  }

  @Test("smpl loops that start after their end, or claim more records than the chunk holds")
  func inconsistentSmplIsNoted() throws {
    let fixtures = try DecodingFixtures()
    let backwards = try Self.pcmWAV(fixtures, "backwards.wav")
    try DecodingFixtures.appendSmpl(
      toWAV: backwards, unityNote: 60, pitchFraction: 0, loops: [(0, 3_000, 1_000)])
    let reversed = try SampleDecoder.decode(path: backwards)
    #expect(reversed.loop == nil)
    #expect(reversed.notes.contains { $0.contains("not before its end") }, "\(reversed.notes)")

    let overcounted = try Self.pcmWAV(fixtures, "overcounted.wav")
    try DecodingFixtures.appendSmpl(
      toWAV: overcounted, unityNote: 60, pitchFraction: 0, loops: [(0, 100, 1_000)])
    var bytes = try Self.bytes(overcounted)
    let smpl = try #require(
      (12..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual("smpl".utf8) })
    bytes.replaceSubrange(smpl + 8 + 28..<smpl + 8 + 32, with: DecodingFixtures.littleEndian(40))
    try Data(bytes).write(to: URL(fileURLWithPath: overcounted))
    let audio = try SampleDecoder.decode(path: overcounted)
    #expect(audio.loop == SampleLoop(start: 100, end: 1_001), "the record present is read")
    #expect(
      audio.notes.contains { $0.contains("declares 40 loop(s) but holds 1") }, "\(audio.notes)")
  }

  @Test("an SFZ load says each repair once, naming the sample and the line of its first region")
  func repairsReachTheInstrumentReport() throws {
    let fixtures = try DecodingFixtures()
    let clean = try Self.pcmWAV(fixtures, "clean.wav")
    let cut = try Self.pcmWAV(fixtures, "cut.wav")
    try Data(try Self.bytes(cut).dropLast(2_000)).write(to: URL(fileURLWithPath: cut))
    let poison = try fixtures.writeFloat(
      "poison.wav", values: [Float](repeating: .nan, count: 4_800), channels: 1,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT), sampleRate: 48_000)
    let sfz = fixtures.path("repairs.sfz")
    try """
    <region> sample=clean.wav key=60
    <region> sample=cut.wav key=62
    <region> sample=poison.wav key=64
    <region> sample=poison.wav key=65
    """.write(toFile: sfz, atomically: true, encoding: .utf8)
    let sampler = Sampler()
    let report = try sampler.loadInstrument(url: URL(fileURLWithPath: sfz))
    let text = report.diagnostics.map(\.description)
    #expect(text.contains { $0.hasPrefix("\(sfz):2: warning: '\(cut)': data chunk announces") })
    let poisonWarnings = text.filter { $0.contains("'\(poison)': 4800 sample value(s)") }
    #expect(poisonWarnings.count == 1 && poisonWarnings[0].hasPrefix("\(sfz):3:"), "\(text)")
    #expect(!text.contains { $0.contains(clean) }, "a clean sample is not mentioned")
    _ = clean
  }

  @Test("loadAudioFile returns the repairs, each naming the file")
  func loadAudioFileReturnsRepairs() throws {
    let fixtures = try DecodingFixtures()
    let poison = try fixtures.writeFloat(
      "poison.wav", values: [0.5, .nan, 0.5, .infinity], channels: 1,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT))
    let notes = try Sampler().loadAudioFile(
      from: SampleDescriptor(
        noteNumber: 60, noteFrequency: 261.63, minimumNoteNumber: 0, maximumNoteNumber: 127,
        minimumVelocity: -1, maximumVelocity: -1, isLooping: false, loopStartPoint: 0,
        loopEndPoint: 0, startPoint: 0, endPoint: 0),
      path: poison)
    #expect(
      notes == [
        "\(poison): 2 sample value(s) were NaN, infinite or beyond ±16777216; replaced with silence"
      ])
  }
}
