import Foundation
import Testing

/// `--check`, `--help` and usage errors.
@Suite struct CommandLineTests {
  @Test func checkSummarisesAndListsDiagnostics() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try fixture.writeDCInstrument(seconds: 0.5)
    try fixture.write(
      "two.sfz",
      text: """
        <region> sample=dc.wav lokey=40 hikey=50 lovel=20 hivel=90 pitch_keycenter=45
        <region> sample=dc.wav lokey=51 hikey=70 lovel=20 hivel=90 bogus_opcode=3
        """)
    let outcome = SFZPlayInProcess.run(["--check", "two.sfz"], in: fixture.folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    let summary = lines.first ?? ""
    #expect(summary.contains("2 regions"))
    #expect(summary.contains("1 samples"))
    #expect(summary.contains("keys 40...70 (E2...A#4)"))
    #expect(summary.contains("velocities 20...90"))
    #expect(lines.contains { $0.contains("two.sfz:2: warning:") && $0.contains("bogus_opcode") })
    let strict = SFZPlayInProcess.run(
      ["--check", "two.sfz", "--strict"], in: fixture.folder)
    #expect(strict.status != 0)
  }

  /// A region whose key range is upside down never plays (corpus/spec sfzformat/docs/opcodes/
  /// lokey.md: the range is lokey...hikey); --check says so at the region's line.
  @Test func checkReportsRegionsThatNeverPlay() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try fixture.writeDCInstrument(seconds: 0.1)
    try fixture.write(
      "upside.sfz",
      text: """
        <region> sample=dc.wav lokey=40 hikey=50

        <region> sample=dc.wav lokey=70 hikey=60
        """)
    let outcome = SFZPlayInProcess.run(["--check", "upside.sfz"], in: fixture.folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.contains {
        $0.hasSuffix(
          "/upside.sfz:3: warning: lokey=70 is above hikey=60 and no on_loccN trigger is set:"
            + " the region never plays")
      }, "\(outcome.stdout)")
    #expect(lines.last == "1 warning, 0 errors")
  }

  /// A sample path is relative to "the folder where the SFZ file is" (corpus/spec sfzformat/docs/
  /// opcodes/sample.md): --check through a link finds what the real path finds.
  @Test func checkThroughALinkFindsWhatTheRealPathFinds() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try FileManager.default.createDirectory(
      at: fixture.url("Piano"), withIntermediateDirectories: true)
    try fixture.writeSample(
      "Piano/dc.wav", samples: [Float](repeating: 0.5, count: 4_800), sampleRate: 48_000)
    try fixture.write("Piano/piano.sfz", text: "<region> sample=dc.wav lokey=40 hikey=70\n")
    try FileManager.default.createDirectory(
      at: fixture.url("links"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: fixture.url("links/piano.sfz"), withDestinationURL: fixture.url("Piano/piano.sfz"))
    let real = SFZPlayInProcess.run(["--check", "Piano/piano.sfz"], in: fixture.folder)
    let linked = SFZPlayInProcess.run(["--check", "links/piano.sfz"], in: fixture.folder)
    #expect(real.status == 0 && linked.status == 0, "\(linked.stderr)")
    let summary = { (outcome: SFZPlayInProcess.Outcome) in
      outcome.stdout.split(separator: "\n").map {
        $0.replacingOccurrences(of: "links/piano.sfz", with: "Piano/piano.sfz")
          .replacingOccurrences(of: #"loaded in [0-9.]+ s"#, with: "", options: .regularExpression)
      }
    }
    #expect(summary(linked) == summary(real), "\(linked.stdout)")
    #expect(linked.stdout.hasSuffix("0 warnings, 0 errors\n"), "\(linked.stdout)")
    #expect(linked.stdout.contains("1 samples"))
  }

  @Test func checkFailsOnErrors() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try fixture.write("bad.sfz", text: "<regio sample=dc.wav\n")
    let outcome = SFZPlayInProcess.run(["--check", "bad.sfz"], in: fixture.folder)
    #expect(outcome.status != 0)
    #expect(outcome.stdout.contains("bad.sfz:1: error:"))
  }

  @Test func helpExplainsOptionsWithExamples() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let outcome = try await SFZPlayRunner.run(["--help"], in: fixture.folder)
    #expect(outcome.status == 0)
    // Help is wrapped to the terminal width; compare with single spaces.
    let help = outcome.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for text in [
      "Examples:", "--sample-rate", "--block-size", "--polyphony", "--quality", "--bit-depth",
      "--tail", "--gain", "--threads", "--strict", "--quiet", "--check",
      "default: one per core", "the same bytes for any count", "--mpe",
      "from its first MPE Configuration Message",
      "--preset <name|number>", "1 Mono Lead", "NAME.presets.json", "--user-presets",
      "~/.config/sfzplay/presets", "--state <file.json>", "--save-state <file.json>",
      "renders the same bytes again",
    ] {
      #expect(help.contains(text), "\(text)")
    }
  }

  @Test(arguments: [
    ["a.sfz", "b.mid", "--threads", "100000"],
    ["a.sfz", "b.mid", "--block-size", "0"],
    ["a.sfz", "b.mid", "--sample-rate", "100"],
    ["a.sfz", "b.mid", "-o", "out.mp3"],
    ["a.sfz"],
  ])
  func usageErrorsExitWithoutOutput(arguments: [String]) throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let outcome = SFZPlayInProcess.run(arguments, in: fixture.folder)
    #expect(outcome.status != 0)
    #expect(outcome.stderr.hasPrefix("Error: "))
    #expect(fixture.contents.isEmpty)
  }
}
