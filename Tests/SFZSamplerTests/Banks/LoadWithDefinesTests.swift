import AudioTestSupport
import CSndfile
import Foundation
import SFZSampler
import Testing

/// `Sampler.loadInstrument(url:defines:)`: an ARIA bank's `<Define name="$sample_dir"
/// value="../Samples"/>` reaches the program's SFZ (Karoryfer's banks in the corpus are written
/// this way: `Programs/*.sfz` say `sample=$sample_dir/...`, the samples sit in `Samples/`).
@Suite("Loading an instrument with predefined variables")
struct LoadWithDefinesTests {
  @Test("a bank's define finds the samples; without it the region's sample is missing")
  func definesReachTheSamples() throws {
    let fixtures = try DecodingFixtures()
    try FileManager.default.createDirectory(
      atPath: fixtures.path("Samples"), withIntermediateDirectories: true)
    let tone = (0..<4_800).map { Float(sin(Double($0) * 2 * .pi * 440 / 48_000) * 0.5) }
    _ = try fixtures.writeFloat(
      "Samples/a4.wav", values: tone, channels: 1, format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT),
      sampleRate: 48_000)
    let program = fixtures.folder.appendingPathComponent("Programs/tone.sfz")
    try FileManager.default.createDirectory(
      at: program.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "<region> sample=$sample_dir/a4.wav key=69\n".write(
      to: program, atomically: true, encoding: .utf8)

    let sampler = Sampler.unity()
    let report = try sampler.loadInstrument(url: program, defines: ["$sample_dir": "../Samples"])
    #expect(report.diagnostics.isEmpty)
    #expect(report.sampleCount == 1)
    sampler.play(noteNumber: 69, velocity: 127)
    #expect(Measure.peak(sampler.renderFrames(2_048).left[...]) > 0.1)

    let without = try Sampler.unity().loadInstrument(url: program)
    #expect(without.sampleCount == 0)
    #expect(
      without.diagnostics.contains { $0.message.contains("undefined variable '$sample_dir'") })
  }
}
