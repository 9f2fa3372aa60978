import AudioTestSupport
import CSndfile
import Foundation
import SFZ
import SFZSampler
import Testing

@Suite("SFZ loading")
final class SFZLoadingTests {
  /// The test's folder, removed when it ends.
  private let written: DecodingFixtures

  init() throws {
    written = try DecodingFixtures()
  }

  private func write(_ text: String) throws -> URL {
    let url = written.folder.appendingPathComponent("test.sfz")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  @Test("a *sine generator plays every key at its own pitch")
  func sineGenerator() throws {
    let url = try write("<region> sample=*sine lokey=0 hikey=127\n")
    let sampler = Sampler.unity()
    let report = try sampler.loadInstrument(url: url)
    #expect(report.regionCount == 1)
    #expect(report.keyRange == 0...127)
    for key in [36, 60, 69, 96] {
      sampler.play(noteNumber: UInt8(key), velocity: 127)
      let out = sampler.renderFrames(24_000).left
      sampler.stop(noteNumber: UInt8(key))
      _ = sampler.renderFrames(2_400)
      let measured = Measure.frequency(out, sampleRate: 48_000, in: 2_000..<23_000)
      let expected = 440 * pow(2, Double(key - 69) / 12)
      #expect(abs(Measure.cents(measured, from: expected)) < 0.5, "key \(key): \(measured) Hz")
    }
  }

  @Test("the report lists every file the load read: the SFZ, its includes and its samples")
  func sourceFiles() throws {
    let fixtures = try DecodingFixtures()
    let sample = try fixtures.writeFloat(
      "tone.wav", values: [0.5, 0.25], channels: 1, format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT))
    let main = fixtures.folder.appendingPathComponent("main.sfz")
    try "<region> sample=tone.wav\n".write(
      toFile: fixtures.path("part.sfzh"), atomically: true, encoding: .utf8)
    try "#include \"part.sfzh\"\n<region> sample=*sine\n<region> sample=missing.wav\n".write(
      to: main, atomically: true, encoding: .utf8)
    let report = try Sampler().loadInstrument(url: main)
    #expect(report.sourceFiles == [main.path, fixtures.path("part.sfzh"), sample])
  }

  /// A sample path is "a relative file path from the folder where the SFZ file is" (corpus/spec
  /// sfzformat/docs/opcodes/sample.md): the real file's folder, so an instrument opened through
  /// a link (as a DAW's saved session hands it back) loads and plays the same samples.
  @Test("an instrument opened through a link plays exactly what its real path plays")
  func throughALink() throws {
    let fixtures = try DecodingFixtures()
    try FileManager.default.createDirectory(
      atPath: fixtures.path("Piano/Samples"), withIntermediateDirectories: true)
    let tone = (0..<44_100).map { Float(sin(Double($0) * 2 * .pi * 261.63 / 44_100) * 0.5) }
    _ = try fixtures.writeFloat(
      "Piano/Samples/c4.wav", values: tone, channels: 1,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT))
    let real = URL(fileURLWithPath: fixtures.path("Piano/Piano.sfz"))
    try "<region> sample=Samples/c4.wav key=60\n".write(to: real, atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: fixtures.path("session/state1"), withIntermediateDirectories: true)
    let link = URL(fileURLWithPath: fixtures.path("session/state1/Piano.sfz"))
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)

    func played(_ url: URL) throws -> (report: InstrumentReport, audio: [Float], saved: String?) {
      let sampler = Sampler.unity()
      let report = try sampler.loadInstrument(url: url)
      sampler.play(noteNumber: 60, velocity: 127)
      return (report, sampler.renderFrames(9_600).left, sampler.fullState.instrument?.path)
    }
    let direct = try played(real)
    let linked = try played(link)
    #expect(linked.report.diagnostics.isEmpty, "\(linked.report.diagnostics)")
    #expect(linked.report.sampleCount == 1 && linked.report.regionCount == 1)
    #expect(Measure.peak(linked.audio[...]) > 0.4)
    #expect(linked.audio == direct.audio)
    // the state keeps the name the caller gave, so a session that moves with its links works
    #expect(linked.saved == link.path)
  }

  @Test("a missing sample is a warning with its line; the rest of the instrument loads")
  func missingSample() throws {
    let url = try write(
      """
      <group> lokey=60 hikey=60
      <region> sample=*sine
      <region> sample=nothing-here.wav lokey=61 hikey=61
      """)
    let sampler = Sampler.unity()
    let report = try sampler.loadInstrument(url: url)
    #expect(report.regionCount == 1)
    let warning = report.diagnostics.first { $0.message.contains("nothing-here.wav") }
    #expect(warning?.line == 3, "\(report.diagnostics)")
    #expect(throws: SamplerError.self) { try sampler.loadInstrument(url: url, strict: true) }
  }

  /// A note no region answers plays nothing (corpus/spec sfzformat/docs/opcodes/lokey.md: a
  /// region plays keys lokey...hikey); the sampler counts it by channel with its key.
  @Test("note-ons no region answers are counted by channel, with their keys")
  func unplayedNotesByChannel() throws {
    let url = try write("<region> sample=*sine lokey=60 hikey=72\n")
    let sampler = Sampler.unity()
    try sampler.loadInstrument(url: url)
    for (key, channel) in [(59, 0), (60, 0), (100, 0), (100, 0), (30, 9)] as [(UInt8, UInt8)] {
      sampler.play(noteNumber: key, velocity: 100, channel: channel)
    }
    _ = sampler.renderFrames(256)
    #expect(sampler.unplayedNotes(channel: 0) == (3, [59, 100]))
    #expect(sampler.unplayedNotes(channel: 9) == (1, [30]))
    #expect(sampler.unplayedNotes(channel: 1) == (0, []))
    #expect(sampler.unplayedNoteCount == 4)
  }

  @Test("a region without a sample and an unknown opcode are each reported once, with their line")
  func reportedOnce() throws {
    let url = try write(
      """
      <region> sample=*sine key=60 frobnicate=3
      <region> lokey=61 hikey=62
      """)
    let report = try Sampler().loadInstrument(url: url)
    let unknown = report.diagnostics.filter { $0.message.contains("frobnicate") }
    #expect(unknown.count == 1, "\(report.diagnostics)")
    #expect(unknown.first?.line == 1)
    let empty = report.diagnostics.filter { $0.message.contains("no sample") }
    #expect(empty.map(\.line) == [2])
  }

  @Test("an unreadable SFZ file throws naming it")
  func missingInstrument() {
    let url = URL(fileURLWithPath: "/nonexistent/folder/piano.sfz")
    do {
      try Sampler().loadUsingSfzFile(url: url)
      Issue.record("no error")
    } catch {
      #expect(error.description.contains("/nonexistent/folder/piano.sfz"))
    }
  }
}
