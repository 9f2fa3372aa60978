import Foundation
import Testing

/// Bad inputs end with a non-zero exit, one stderr line naming the file, and no output file
/// (an earlier one stays as it was).
@Suite struct FailureTests {
  static let earlierBytes = Data("an earlier render".utf8)

  /// A fixture with a working instrument and song, and an earlier `out.wav`.
  static func prepared() throws -> Fixture {
    let fixture = try Fixture()
    try fixture.writeDCInstrument(seconds: 0.2)
    try fixture.write("note.mid", song: OutputFormatTests.halfSecondNote)
    try earlierBytes.write(to: fixture.url("out.wav"))
    return fixture
  }

  static func expectCleanFailure(
    _ outcome: some PrintedRun, naming file: String, in fixture: Fixture,
    output: String = "out.wav", sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(outcome.status != 0, sourceLocation: sourceLocation)
    #expect(outcome.errorLines.count == 1, "\(outcome.stderr)", sourceLocation: sourceLocation)
    let line = outcome.errorLines.first ?? ""
    #expect(line.hasPrefix("sfzplay: error: "), sourceLocation: sourceLocation)
    #expect(line.contains(file), "\(line)", sourceLocation: sourceLocation)
    #expect(!line.contains("Fatal error"), sourceLocation: sourceLocation)
    if output == "out.wav" {
      #expect(
        try Data(contentsOf: fixture.url("out.wav")) == earlierBytes,
        sourceLocation: sourceLocation)
    } else {
      #expect(!fixture.exists(output), sourceLocation: sourceLocation)
    }
    #expect(
      !fixture.contents.contains { $0.contains("sfzplay-tmp") }, "\(fixture.contents)",
      sourceLocation: sourceLocation)
  }

  /// Through the built tool, so the exit status and the printed line are the process's own.
  @Test func missingInstrument() async throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    let outcome = try await SFZPlayRunner.run(
      ["nowhere.sfz", "note.mid", "-o", "out.wav"], in: fixture.folder)
    #expect(!outcome.wasSignalled)
    try Self.expectCleanFailure(outcome, naming: "nowhere.sfz", in: fixture)
  }

  @Test func missingSong() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    let outcome = SFZPlayInProcess.run(
      ["dc.sfz", "nothing.mid", "-o", "out.wav"], in: fixture.folder)
    try Self.expectCleanFailure(outcome, naming: "nothing.mid", in: fixture)
  }

  @Test func waveFileAsSong() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    let outcome = SFZPlayInProcess.run(
      ["dc.sfz", "dc.wav", "-o", "out.wav"], in: fixture.folder)
    try Self.expectCleanFailure(outcome, naming: "dc.wav: byte 0", in: fixture)
  }

  @Test func truncatedSongHeader() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    try fixture.write("cut.mid", bytes: Array(OutputFormatTests.halfSecondNote.bytes.prefix(10)))
    let outcome = SFZPlayInProcess.run(
      ["dc.sfz", "cut.mid", "-o", "out.wav"], in: fixture.folder)
    try Self.expectCleanFailure(outcome, naming: "cut.mid: byte", in: fixture)
  }

  @Test func missingOutputFolder() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    let outcome = SFZPlayInProcess.run(
      ["dc.sfz", "note.mid", "-o", "no/such/folder/take.wav"], in: fixture.folder)
    try Self.expectCleanFailure(
      outcome, naming: "no/such/folder/take.wav", in: fixture, output: "no")
  }

  @Test(.enabled(if: getuid() != 0, "root may write anywhere"))
  func readOnlyOutputFolder() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    let locked = fixture.url("locked")
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
    defer {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: locked.path)
    }
    let outcome = SFZPlayInProcess.run(
      ["dc.sfz", "note.mid", "-o", "locked/take.wav"], in: fixture.folder)
    try Self.expectCleanFailure(outcome, naming: "locked/take.wav", in: fixture)
    #expect(!FileManager.default.fileExists(atPath: locked.appendingPathComponent("take.wav").path))
  }

  @Test(arguments: [
    "<regio sample=dc.wav\n",
    "<region> lokey=60 hikey=61\n",
    "<region> sample=absent.wav\n",
  ])
  func malformedInstrument(text: String) throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    try fixture.write("broken.sfz", text: text)
    let outcome = SFZPlayInProcess.run(
      ["broken.sfz", "note.mid", "-o", "out.wav"], in: fixture.folder)
    try Self.expectCleanFailure(outcome, naming: "broken.sfz", in: fixture)
  }

  @Test func strictTurnsWarningsIntoErrors() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    try fixture.write(
      "odd.sfz", text: "<region> sample=dc.wav pitch_keycenter=60 bogus_opcode=1\n")
    let lenient = SFZPlayInProcess.run(
      ["odd.sfz", "note.mid", "-o", "lenient.wav", "--quiet"], in: fixture.folder)
    #expect(lenient.status == 0)
    #expect(lenient.stderr.contains("bogus_opcode"))
    #expect(fixture.exists("lenient.wav"))
    let strict = SFZPlayInProcess.run(
      ["odd.sfz", "note.mid", "-o", "out.wav", "--strict"], in: fixture.folder)
    try Self.expectCleanFailure(strict, naming: "odd.sfz", in: fixture)
  }

  /// One note held from 0 s for `ticks` ticks at 120 bpm and 1 tick per quarter (0.5 s a tick).
  static func longNote(ticks: Int) -> StandardMIDIWriter {
    StandardMIDIWriter(
      format: 0, ticksPerQuarter: 1,
      tracks: [[.noteOn(delta: 0, key: 60), .noteOff(delta: ticks, key: 60)]])
  }

  @Test func runawaySongIsRefused() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    // 93600 ticks = 13 hours.
    try fixture.write("forever.mid", song: Self.longNote(ticks: 93_600))
    let outcome = SFZPlayInProcess.run(
      ["dc.sfz", "forever.mid", "-o", "out.wav"], in: fixture.folder)
    try Self.expectCleanFailure(outcome, naming: "forever.mid", in: fixture)
  }

  @Test func wavPastFourGigabytesIsRefused() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    // 21600 ticks = 3 hours; at 384 kHz in 32-bit float that is 33 GB.
    try fixture.write("long.mid", song: Self.longNote(ticks: 21_600))
    let outcome = SFZPlayInProcess.run(
      ["dc.sfz", "long.mid", "-o", "out.wav", "--sample-rate", "384000", "--bit-depth", "32f"],
      in: fixture.folder)
    try Self.expectCleanFailure(outcome, naming: "out.wav", in: fixture)
  }

  @Test func flacCannotHoldFloats() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    let outcome = SFZPlayInProcess.run(
      ["dc.sfz", "note.mid", "-o", "take.flac", "--bit-depth", "32f"], in: fixture.folder)
    #expect(outcome.status != 0)
    #expect(outcome.stderr.contains("take.flac"))
    #expect(!fixture.exists("take.flac"))
  }

  @Test func interruptRemovesTheTemporaryFile() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    // A 64-note chord of a looping sample held for five minutes, rendered with sinc at 192 kHz:
    // many seconds of work even for a fast build, so the signal lands mid-render.
    try fixture.write("looped.sfz", text: "<region> sample=dc.wav loop_mode=loop_continuous\n")
    let keys = (30..<94).map { UInt8($0) }
    let chord = keys.map { StandardMIDIWriter.Event.noteOn(delta: 0, key: $0) }
    let release = keys.enumerated().map {
      StandardMIDIWriter.Event.noteOff(delta: $0.offset == 0 ? 600 : 0, key: $0.element)
    }
    try fixture.write(
      "long.mid",
      song: StandardMIDIWriter(format: 0, ticksPerQuarter: 1, tracks: [chord + release]))
    let process = try SFZPlayRunner.start(
      [
        "looped.sfz", "long.mid", "-o", "out.wav", "--sample-rate", "192000", "--quality",
        "sinc", "--polyphony", "64", "--quiet",
      ],
      in: fixture.folder)
    // Wait until the temporary file exists, so the signal lands mid-render. The wait blocks its
    // thread instead of awaiting: other tests render in process on the few threads Swift
    // concurrency shares, and an awaiting loop could resume only after the render had ended.
    let deadline = Date().addingTimeInterval(60)
    while !fixture.contents.contains(where: { $0.contains("sfzplay-tmp") }), Date() < deadline,
      process.isRunning
    {
      Thread.sleep(forTimeInterval: 0.001)
    }
    #expect(process.isRunning)
    process.interrupt()
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGINT)
    #expect(try Data(contentsOf: fixture.url("out.wav")) == Self.earlierBytes)
    #expect(!fixture.contents.contains { $0.contains("sfzplay-tmp") }, "\(fixture.contents)")
  }
}
