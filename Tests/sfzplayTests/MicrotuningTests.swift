import AudioTestSupport
import Foundation
import MIDITestSupport
import SFZPlayKit
import Testing

/// `sfzplay --tuning FILE.scl [--kbm FILE.kbm]` (Scala scale file format, huygens-fokker.org/
/// scala/scl_format.html; keyboard mappings, huygens-fokker.org/scala/help.htm#mappings) and MIDI
/// Tuning Standard SysEx in a song (MMA, "MIDI Tuning Updated Specification" with CA-020),
/// measured in cents in the rendered file.
@Suite("sfzplay microtuning")
struct MicrotuningTests {
  static let rate = 48_000.0
  /// 480 ticks a quarter at 120 bpm: 240 ticks are 0.25 s, 12,000 frames.
  static let ticksPerQuarter: UInt16 = 480

  /// A looped 440 Hz sine on every key (exactly 440 periods in 48,000 frames: a seamless loop),
  /// root A4, at unity channel volume.
  private func sineFixture() throws -> Fixture {
    let fixture = try Fixture()
    try fixture.writeSample(
      "sine.wav", samples: Synth.sine(frequency: 440, sampleRate: Self.rate, frames: 48_000),
      sampleRate: 48_000)
    try fixture.write(
      "sine.sfz",
      text: "<control> set_cc7=127\n<region> sample=sine.wav lokey=0 hikey=127"
        + " pitch_keycenter=69 loop_mode=loop_continuous\n")
    return fixture
  }

  /// One note per 300 ticks (0.3125 s): on for 240 ticks (12,000 frames), then 60 of silence.
  private func melody(_ keys: [UInt8]) -> StandardMIDIWriter {
    var events: [StandardMIDIWriter.Event] = []
    for (index, key) in keys.enumerated() {
      events.append(.noteOn(delta: index == 0 ? 0 : 60, key: key))
      events.append(.noteOff(delta: 240, key: key))
    }
    return StandardMIDIWriter(format: 0, ticksPerQuarter: Self.ticksPerQuarter, tracks: [events])
  }

  /// Renders and returns the left channel of out.wav.
  private func render(_ fixture: Fixture, _ arguments: [String]) throws -> [Float] {
    let outcome = SFZPlayInProcess.run(
      ["sine.sfz", "song.mid", "-o", "out.wav", "--bit-depth", "32f", "--quiet"] + arguments,
      in: fixture.folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    return try AudioFile(url: fixture.url("out.wav")).left
  }

  /// The frequency of the note that starts at `start`, skipping its first and last 500 frames.
  private func frequency(_ audio: [Float], noteAt start: Int) -> Double {
    Measure.frequency(audio, sampleRate: Self.rate, in: start + 500..<start + 11_500)
  }

  @Test func nineteenToneScaleFromTheCommandLine() throws {
    let fixture = try sineFixture()
    defer { fixture.remove() }
    try fixture.write(
      "19-edo.scl",
      text: "! 19-edo.scl\n19 equal divisions of the octave\n19\n"
        + (1...19).map { String(format: "%.5f\n", 1200.0 * Double($0) / 19) }.joined())
    let keys: [UInt8] = [41, 60, 61, 62, 79, 98]
    try fixture.write("song.mid", song: melody(keys))
    let audio = try render(fixture, ["--tuning", "19-edo.scl"])
    let middleC = 440 * pow(2, -9.0 / 12)
    for (index, key) in keys.enumerated() {
      let expected = middleC * pow(2, Double(Int(key) - 60) / 19)
      let error = Measure.cents(frequency(audio, noteAt: index * 15_000), from: expected)
      #expect(abs(error) < 0.5, "key \(key): \(error) cents")
    }
  }

  /// A just major scale on the white keys (1/1 on C, A4 = 5/3 = 440 Hz), black keys x.
  @Test func justScaleWithAKeyboardMapping() throws {
    let fixture = try sineFixture()
    defer { fixture.remove() }
    try fixture.write(
      "just.scl", text: "! just.scl\nJust major\n 7\n9/8\n5/4\n4/3\n3/2\n5/3\n15/8\n2/1\n")
    try fixture.write(
      "white.kbm",
      text: "! white.kbm\n12\n0\n127\n60\n69\n440.0\n7\n0\nx\n1\nx\n2\n3\nx\n4\nx\n5\nx\n6\n")
    let keys: [UInt8] = [60, 61, 64, 69, 70, 84]
    try fixture.write("song.mid", song: melody(keys))
    let audio = try render(fixture, ["--tuning", "just.scl", "--kbm", "white.kbm"])
    let c4 = 440 / (5.0 / 3)
    let expected: [UInt8: Double] = [60: c4, 64: c4 * 5 / 4, 69: 440, 84: c4 * 4]
    for (index, key) in keys.enumerated() {
      let start = index * 15_000
      guard let hertz = expected[key] else {
        #expect(Measure.peak(audio[start..<start + 15_000]) == 0, "unmapped key \(key) sounded")
        continue
      }
      let error = Measure.cents(frequency(audio, noteAt: start), from: hertz)
      #expect(abs(error) < 0.5, "key \(key): \(error) cents")
    }
  }

  /// A song that tunes itself: a bulk dump (08 01) before its first note, a real-time single
  /// note change (08 02) in the middle of it, then a key-based dump with a bank (08 04) and a
  /// non-real-time single note change (08 07) before the next notes.
  @Test func tuningMessagesInTheSongPlayOnTheirFrames() throws {
    let fixture = try sineFixture()
    defer { fixture.remove() }
    let plus30 = MTSBuilder.dump(name: "plus 30") { 100 * Double($0) + 30 }
    let minus20 = MTSBuilder.dump(name: "minus 20", bank: 1) {
      $0 == 0 ? nil : 100 * Double($0) - 20
    }
    let events: [StandardMIDIWriter.Event] = [
      .sysex(delta: 0, plus30),
      .noteOn(delta: 0, key: 69),
      .sysex(delta: 240, MTSBuilder.singleNote([(key: 69, cents: 6_960)])),
      .noteOff(delta: 240, key: 69),
      .sysex(delta: 0, minus20),
      .sysex(delta: 0, MTSBuilder.singleNoteWithBank([(key: 72, cents: 7_250)], realTime: false)),
      .noteOn(delta: 120, key: 69),
      .noteOff(delta: 240, key: 69),
      .noteOn(delta: 0, key: 72),
      .noteOff(delta: 240, key: 72),
    ]
    try fixture.write(
      "song.mid",
      song: StandardMIDIWriter(format: 0, ticksPerQuarter: Self.ticksPerQuarter, tracks: [events]))
    let audio = try render(fixture, [])
    let cents = { (hertz: Double, pitch: Double) in
      Measure.cents(hertz, from: 440 * pow(2, (pitch - 6_900) / 1_200))
    }
    let first = Measure.frequency(audio, sampleRate: Self.rate, in: 500..<11_900)
    let retuned = Measure.frequency(audio, sampleRate: Self.rate, in: 12_100..<23_500)
    let second = frequency(audio, noteAt: 30_000)
    let third = frequency(audio, noteAt: 42_000)
    #expect(abs(cents(first, 6_930)) < 0.5, "bulk dump: \(first) Hz")
    #expect(abs(cents(retuned, 6_960)) < 0.5, "single note change: \(retuned) Hz")
    #expect(abs(cents(second, 6_880)) < 0.5, "key-based dump: \(second) Hz")
    #expect(abs(cents(third, 7_250)) < 0.5, "non-real-time change: \(third) Hz")
    // the model needs the pitches exactly as the messages hold them (steps of 0.006 cent), or
    // its phase drifts from the note's over the quarter second before the change
    let hertz = { (pitch: Double) in
      440 * pow(2, (MTSBuilder.written(cents: pitch) - 6_900) / 1_200)
    }
    let step = Measure.frequencyStep(
      audio, sampleRate: Self.rate, start: 0, before: hertz(6_930), after: hertz(6_960),
      candidates: 11_996...12_004, window: 11_700..<12_600)
    #expect(step.frame == 12_000, "\(step.residuals.sorted { $0.key < $1.key })")
    #expect(step.residuals[12_000]! < 1e-4)
    #expect(step.residuals[11_999]! > 3 * step.residuals[12_000]!)
    #expect(step.residuals[12_001]! > 3 * step.residuals[12_000]!)
    print(
      "sfzplay MTS change at frame 12000: residual \(step.residuals[12_000]!), one frame off "
        + "\(min(step.residuals[11_999]!, step.residuals[12_001]!))")
  }

  @Test func refusedScaleAndMappingLinesNameFileAndLine() throws {
    let fixture = try sineFixture()
    defer { fixture.remove() }
    try fixture.write("song.mid", song: melody([60]))
    try fixture.write("bad.scl", text: "! bad.scl\nbad\n2\n-3/2\n2/1\n")
    try fixture.write("good.scl", text: "good\n1\n2/1\n")
    try fixture.write("bad.kbm", text: "12\n0\n127\n60\n69\n440\n12\n0\nq\n")
    let cases: [([String], String)] = [
      (
        ["--tuning", "bad.scl"],
        "sfzplay: error: bad.scl:4: \"-3/2\": a negative ratio is not a pitch"
      ),
      (
        ["--tuning", "good.scl", "--kbm", "bad.kbm"],
        "sfzplay: error: bad.kbm:9: \"q\": a map entry"
      ),
      (["--tuning", "none.scl"], "sfzplay: error: none.scl: no such scale file"),
    ]
    for (arguments, message) in cases {
      let outcome = SFZPlayInProcess.run(
        ["sine.sfz", "song.mid", "-o", "out.wav"] + arguments, in: fixture.folder)
      #expect(outcome.status != 0)
      #expect(outcome.errorLines.first?.hasPrefix(message) == true, "\(outcome.stderr)")
      #expect(!fixture.exists("out.wav"))
    }
    let usage = SFZPlayInProcess.run(
      ["sine.sfz", "song.mid", "--kbm", "bad.kbm"], in: fixture.folder)
    #expect(usage.status != 0 && usage.stderr.contains("give the scale with --tuning"))
  }

  /// A tuning message the sampler refuses is a warning naming the song and the byte; --strict
  /// makes it an error.
  @Test func refusedTuningMessagesAreWarnings() throws {
    let fixture = try sineFixture()
    defer { fixture.remove() }
    var dump = MTSBuilder.dump(name: "broken") { 100 * Double($0) }
    dump[dump.count - 2] ^= 0x01
    try fixture.write(
      "song.mid",
      song: StandardMIDIWriter(
        format: 0, ticksPerQuarter: Self.ticksPerQuarter,
        tracks: [
          [.sysex(delta: 0, dump), .noteOn(delta: 0, key: 69), .noteOff(delta: 240, key: 69)]
        ]))
    let outcome = SFZPlayInProcess.run(
      ["sine.sfz", "song.mid", "-o", "out.wav", "--quiet"], in: fixture.folder)
    #expect(outcome.status == 0)
    #expect(
      outcome.errorLines == [
        "sfzplay: warning: song.mid: byte 23: MIDI tuning dump checksum is \(hex(dump[dump.count - 2])) where its bytes give \(hex(dump[dump.count - 2] ^ 1)); ignored"
      ])
    let strict = SFZPlayInProcess.run(
      ["sine.sfz", "song.mid", "-o", "strict.wav", "--strict"], in: fixture.folder)
    #expect(strict.status != 0 && !fixture.exists("strict.wav"))
  }

  private func hex(_ byte: UInt8) -> String { String(format: "%02X", byte) }

  @Test func helpTeachesTuningWithExamples() {
    let help = SFZPlay.helpMessage(columns: 200).split(whereSeparator: \.isWhitespace).joined(
      separator: " ")
    for text in [
      "--tuning <file.scl>", "--kbm <file.kbm>",
      "sfzplay piano.sfz song.mid --tuning 19-edo.scl",
      "sfzplay piano.sfz song.mid --tuning just.scl --kbm a440.kbm", "MIDI Tuning Standard",
    ] {
      #expect(help.contains(text), "\(text)")
    }
  }
}

extension StandardMIDIWriter.Event {
  /// A SysEx event from a whole message (F0 ... F7): F0, the length of the rest, the rest.
  static func sysex(delta: Int, _ message: [UInt8]) -> Self {
    Self(delta: delta, bytes: [0xF0] + SMFBuilder.vlq(message.count - 1) + message.dropFirst())
  }
}
