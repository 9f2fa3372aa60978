import Foundation
import Testing

/// An output that is one of the render's own inputs (however it is named) is refused before
/// anything is written: non-zero exit, one error line naming it, the input's bytes unchanged.
@Suite struct OutputIsInputTests {
  /// A fixture with the DC instrument (dc.sfz playing dc.wav) and a MIDI file named song.wav.
  static func prepared() throws -> Fixture {
    let fixture = try Fixture()
    try fixture.writeDCInstrument(seconds: 0.2)
    try fixture.write("song.wav", song: OutputFormatTests.halfSecondNote)
    try fixture.write("note.mid", song: OutputFormatTests.halfSecondNote)
    return fixture
  }

  /// Runs sfzplay and checks that it refused, naming `output`, and left `input` as it was.
  static func expectRefusal(
    _ arguments: [String], naming output: String, keeps input: String, in fixture: Fixture,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = try Data(contentsOf: fixture.url(input))
    let outcome = SFZPlayInProcess.run(arguments + ["--quiet"], in: fixture.folder)
    #expect(outcome.status != 0, sourceLocation: sourceLocation)
    #expect(outcome.errorLines.count == 1, "\(outcome.stderr)", sourceLocation: sourceLocation)
    let line = outcome.errorLines.first ?? ""
    #expect(
      line.hasPrefix("sfzplay: error: \(output): "), "\(line)", sourceLocation: sourceLocation)
    #expect(line.contains(input), "\(line)", sourceLocation: sourceLocation)
    #expect(try Data(contentsOf: fixture.url(input)) == before, sourceLocation: sourceLocation)
    #expect(
      !fixture.contents.contains { $0.contains("sfzplay-tmp") }, "\(fixture.contents)",
      sourceLocation: sourceLocation)
  }

  @Test func midiFileNamedWav() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    try Self.expectRefusal(
      ["dc.sfz", "song.wav", "-o", "song.wav"], naming: "song.wav", keeps: "song.wav",
      in: fixture)
    // Without -o the output is the song's name with .wav, here the song itself.
    try Self.expectRefusal(
      ["dc.sfz", "song.wav"], naming: "song.wav", keeps: "song.wav", in: fixture)
  }

  @Test func midiFileThroughDotDot() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    try FileManager.default.createDirectory(
      at: fixture.url("sub"), withIntermediateDirectories: false)
    try Self.expectRefusal(
      ["dc.sfz", "song.wav", "-o", "sub/../song.wav"], naming: "sub/../song.wav",
      keeps: "song.wav", in: fixture)
  }

  @Test func symbolicLinkToMIDIFile() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    try FileManager.default.createSymbolicLink(
      atPath: fixture.url("link.wav").path, withDestinationPath: "song.wav")
    try Self.expectRefusal(
      ["dc.sfz", "song.wav", "-o", "link.wav"], naming: "link.wav", keeps: "song.wav",
      in: fixture)
    try Self.expectRefusal(
      ["dc.sfz", "link.wav", "-o", "song.wav"], naming: "song.wav", keeps: "link.wav",
      in: fixture)
  }

  @Test func sampleFile() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    try Self.expectRefusal(
      ["dc.sfz", "note.mid", "-o", "dc.wav"], naming: "dc.wav", keeps: "dc.wav", in: fixture)
  }

  @Test func instrumentFile() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    try fixture.write("instrument.wav", text: "<region> sample=dc.wav\n")
    try Self.expectRefusal(
      ["instrument.wav", "note.mid", "-o", "instrument.wav"], naming: "instrument.wav",
      keeps: "instrument.wav", in: fixture)
  }

  @Test func includedFileThroughALink() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    try fixture.write("regions.sfzh", text: "<region> sample=dc.wav\n")
    try fixture.write("main.sfz", text: "#include \"regions.sfzh\"\n")
    try FileManager.default.createSymbolicLink(
      atPath: fixture.url("alias.wav").path, withDestinationPath: "regions.sfzh")
    try Self.expectRefusal(
      ["main.sfz", "note.mid", "-o", "alias.wav"], naming: "alias.wav", keeps: "regions.sfzh",
      in: fixture)
  }

  /// A new file, or an existing file that is no input, is written as usual.
  @Test func otherOutputsAreWritten() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    try Data("an earlier render".utf8).write(to: fixture.url("out.wav"))
    for output in ["new.wav", "out.wav"] {
      let outcome = SFZPlayInProcess.run(
        ["dc.sfz", "note.mid", "-o", output, "--quiet"], in: fixture.folder)
      #expect(outcome.status == 0, "\(outcome.stderr)")
      #expect(try AudioFile(url: fixture.url(output)).frames > 0)
    }
  }
}
