import Foundation
import SFZSampler
import Testing

/// `sfzplay --preset NAME|NUMBER`, `--user-presets`, `--state FILE.json` and `--save-state
/// FILE.json` (issue 11 part 3), measured on the DC instrument (each note adds 0.5 to the output).
@Suite struct PresetAndStateTests {
  /// Key 60 from 0 s, key 64 from 0.25 s, both released at 0.75 s (480 ticks a quarter at
  /// 120 bpm): at 0.5 s two notes sound together, unless the sampler is monophonic.
  static let overlapping = StandardMIDIWriter(
    format: 0, ticksPerQuarter: 480,
    tracks: [
      [
        .noteOn(delta: 0, key: 60), .noteOn(delta: 240, key: 64), .noteOff(delta: 480, key: 60),
        .noteOff(delta: 0, key: 64),
      ]
    ])

  static func prepared() throws -> Fixture {
    let fixture = try Fixture()
    try fixture.writeDCInstrument()
    try fixture.write("song.mid", song: overlapping)
    return fixture
  }

  /// Renders song.mid through dc.sfz into `output` (32-bit float) with `options`.
  static func render(
    _ fixture: Fixture, _ options: [String], output: String = "out.wav",
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (outcome: SFZPlayInProcess.Outcome, left: [Float]) {
    let outcome = SFZPlayInProcess.run(
      ["dc.sfz", "song.mid", "-o", output, "--bit-depth", "32f", "--quiet"] + options,
      in: fixture.folder)
    #expect(outcome.status == 0, "\(outcome.stderr)", sourceLocation: sourceLocation)
    return (outcome, try AudioFile(url: fixture.url(output)).left)
  }

  @Test func presetByNameAndByNumber() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    let plain = try Self.render(fixture, [], output: "plain.wav").left
    let named = try Self.render(fixture, ["--preset", "Mono Lead"], output: "named.wav").left
    #expect(abs(plain[24_000] - 1) < 1e-6)  // two notes
    #expect(abs(named[24_000] - 0.5) < 1e-6)  // Mono Lead: one voice
    _ = try Self.render(fixture, ["--preset", "1"], output: "numbered.wav")
    _ = try Self.render(fixture, ["--preset", "mono lead"], output: "lower.wav")
    let bytes = try Data(contentsOf: fixture.url("named.wav"))
    #expect(try Data(contentsOf: fixture.url("numbered.wav")) == bytes)
    #expect(try Data(contentsOf: fixture.url("lower.wav")) == bytes)
  }

  @Test func instrumentAndUserPresets() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    try fixture.write(
      "dc.presets.json",
      text: #"{"presets": [{"number": 100, "name": "Half", "values": {"master.volume": 0.5}}]}"#)
    let half = try Self.render(fixture, ["--preset", "Half"]).left
    #expect(abs(half[6_000] - 0.25) < 1e-6)

    try UserPresetFolder(url: fixture.url("mine")).save(
      SamplerPreset(number: -1, name: "Quarter", values: ["master.volume": 0.25]))
    let quarter = try Self.render(
      fixture, ["--user-presets", "mine", "--preset", "-1"], output: "quarter.wav"
    ).left
    #expect(abs(quarter[6_000] - 0.125) < 1e-6)
    // the default folder comes from the environment; none in a test's context
    let missing = SFZPlayInProcess.run(
      ["dc.sfz", "song.mid", "--preset", "Quarter", "--quiet"], in: fixture.folder)
    #expect(missing.status != 0)
  }

  /// A preset that does not exist is an error naming the instrument and every preset there is;
  /// nothing is written.
  @Test func anUnknownPresetListsThePresets() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    try fixture.write(
      "dc.presets.json", text: #"{"presets": [{"number": 100, "name": "Half", "values": {}}]}"#)
    let outcome = SFZPlayInProcess.run(
      ["dc.sfz", "song.mid", "--preset", "Nope", "--quiet"], in: fixture.folder)
    #expect(outcome.status != 0)
    #expect(
      outcome.errorLines == [
        "sfzplay: error: dc.sfz: no preset \"Nope\"; the presets are 0 Default, 1 Mono Lead,"
          + " 2 Soft Pad, 3 Pluck, 100 Half"
      ])
    #expect(!fixture.exists("song.wav"))
  }

  /// --save-state writes the state the song is rendered with (the preset, --gain in the master
  /// volume, the instrument's hash); --state with it renders the same bytes.
  @Test func savedStateRendersTheSameBytes() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    let first = try Self.render(
      fixture, ["--preset", "Mono Lead", "--gain", "-6", "--save-state", "take.json"],
      output: "first.wav")
    #expect(!first.outcome.stderr.contains("warning"))
    let state = try SamplerState(contentsOf: fixture.url("take.json"))
    #expect(state.currentPreset?.name == "Mono Lead")
    #expect(state.parameters["voice.monophonic"] == 1)
    #expect(abs((state.parameters["master.volume"] ?? 0) - 0.501_187) < 1e-6)
    let hash = InstrumentReference.contentHash(of: try Data(contentsOf: fixture.url("dc.sfz")))
    #expect(state.instrument?.contentHash == hash)
    #expect(state.instrument?.path.hasSuffix("/dc.sfz") == true)

    let second = try Self.render(fixture, ["--state", "take.json"], output: "second.wav")
    #expect(second.outcome.stderr.isEmpty, "\(second.outcome.stderr)")
    #expect(
      try Data(contentsOf: fixture.url("second.wav")) == Data(contentsOf: fixture.url("first.wav")))
    #expect(abs(second.left[24_000] - 0.250_594) < 1e-6)
  }

  /// A state saved with another version of the instrument file: a warning naming both files
  /// and hashes, or with --strict an error and no output.
  @Test func aStateFromAnotherInstrumentFileIsNoticed() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    _ = try Self.render(fixture, ["--save-state", "take.json"])
    let saved = try #require(try SamplerState(contentsOf: fixture.url("take.json")).instrument)
    try fixture.write(
      "dc.sfz",
      text: "// edited\n<control> set_cc7=127\n<region> sample=dc.wav lokey=0 hikey=127"
        + " pitch_keycenter=60\n")
    let edited = InstrumentReference.contentHash(of: try Data(contentsOf: fixture.url("dc.sfz")))
    let warned = try Self.render(fixture, ["--state", "take.json"], output: "warned.wav")
    #expect(
      warned.outcome.errorLines == [
        "sfzplay: warning: take.json: saved with \(saved.path) (\(saved.contentHash)), but"
          + " dc.sfz is another file (\(edited));"
          + " the parameters may not suit it"
      ])
    let strict = SFZPlayInProcess.run(
      ["dc.sfz", "song.mid", "-o", "strict.wav", "--state", "take.json", "--strict", "--quiet"],
      in: fixture.folder)
    #expect(strict.status != 0)
    #expect(strict.errorLines.first?.hasPrefix("sfzplay: error: take.json: saved with") == true)
    #expect(!fixture.exists("strict.wav"))
  }

  /// A state file that is not one is an error naming it; nothing is written.
  @Test func aCorruptStateFileIsNamed() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    try fixture.write("bad.json", text: "{\"formatVersion\": 1, \"parameters\": {\"vibrato.depth\"")
    let outcome = SFZPlayInProcess.run(
      ["dc.sfz", "song.mid", "--state", "bad.json", "--quiet"], in: fixture.folder)
    #expect(outcome.status != 0)
    #expect(outcome.errorLines.count == 1)
    #expect(outcome.errorLines.first?.hasPrefix("sfzplay: error: ") == true)
    #expect(
      outcome.errorLines.first?.contains("/bad.json: not valid JSON") == true, "\(outcome.stderr)")
    #expect(!fixture.exists("song.wav"))
    let missing = SFZPlayInProcess.run(
      ["dc.sfz", "song.mid", "--state", "none.json", "--quiet"], in: fixture.folder)
    #expect(missing.errorLines == ["sfzplay: error: none.json: no such state file"])
  }

  /// --save-state never writes over what the render reads or writes, and --state and --preset
  /// do not go together.
  @Test func saveStateNeverReplacesAnInputOrTheOutput() throws {
    let fixture = try Self.prepared()
    defer { fixture.remove() }
    try OutputIsInputTests.expectRefusal(
      ["dc.sfz", "song.mid", "-o", "out.wav", "--save-state", "dc.sfz"], naming: "dc.sfz",
      keeps: "dc.sfz", in: fixture)
    try OutputIsInputTests.expectRefusal(
      ["dc.sfz", "song.mid", "-o", "out.wav", "--save-state", "dc.wav"], naming: "dc.wav",
      keeps: "dc.wav", in: fixture)
    #expect(!fixture.exists("out.wav"))
    for arguments in [
      ["dc.sfz", "song.mid", "-o", "out.wav", "--save-state", "out.wav"],
      ["dc.sfz", "song.mid", "--state", "a.json", "--save-state", "a.json"],
      ["dc.sfz", "song.mid", "--state", "a.json", "--preset", "1"],
    ] {
      let outcome = SFZPlayInProcess.run(arguments, in: fixture.folder)
      #expect(outcome.status != 0 && outcome.stderr.hasPrefix("Error: "), "\(arguments)")
    }
    let odd = SFZPlayInProcess.run(
      ["dc.sfz", "song.mid", "-o", "out.wav", "--save-state", "./out.wav", "--quiet"],
      in: fixture.folder)
    #expect(odd.status != 0)
    #expect(
      odd.errorLines == [
        "sfzplay: error: ./out.wav: --save-state names the audio output out.wav; choose another"
          + " name"
      ])
    #expect(fixture.contents == ["dc.sfz", "dc.wav", "song.mid"])
  }
}
