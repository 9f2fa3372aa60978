import AudioTestSupport
import Foundation
import Testing

/// MPE songs through sfzplay (MIDI Polyphonic Expression 1.0, RP-053): a song that sends the
/// MPE Configuration Message plays in MPE, and so does one without it under `--mpe`. The song
/// holds key 57 on member channel 2 and key 81 on member channel 3 of a lower zone, bends the
/// first +2 semitones at 0.5 s (341 of 8191 over the member channels' 48: section 2.4) and
/// presses the second fully at 1 s (section 2.2). The instrument puts keys below 64 hard left
/// and the others hard right, and takes 12 dB off at full channel aftertouch.
@Suite struct MPEFileTests {
  static let instrument = """
    <global> amp_veltrack=0 volume_oncc129=-12 ampeg_release=0.005
    <region> sample=*sine lokey=0 hikey=63 pan=-100
    <region> sample=*sine lokey=64 hikey=127 pan=100
    """

  /// RPN 6 on channel 1 with 15 member channels (section 2.1.1).
  static let configuration: [StandardMIDIWriter.Event] = [
    .init(delta: 0, bytes: [0xB0, 101, 0]), .init(delta: 0, bytes: [0xB0, 100, 6]),
    .init(delta: 0, bytes: [0xB0, 6, 15]),
  ]

  /// 480 ticks per quarter at the default 120 bpm: a tick is 50 frames at 48 kHz.
  static func song(configured: Bool) -> StandardMIDIWriter {
    let bend = 8_192 + 341
    let notes: [StandardMIDIWriter.Event] = [
      .noteOn(delta: 0, key: 57, velocity: 100, channel: 1),
      .noteOn(delta: 0, key: 81, velocity: 100, channel: 2),
      .init(delta: 480, bytes: [0xE1, UInt8(bend & 0x7F), UInt8(bend >> 7)]),
      .init(delta: 480, bytes: [0xD2, 127]),
      .noteOff(delta: 480, key: 57, channel: 1), .noteOff(delta: 0, key: 81, channel: 2),
    ]
    return StandardMIDIWriter(
      format: 0, ticksPerQuarter: 480, tracks: [(configured ? configuration : []) + notes])
  }

  /// Renders the song as 32-bit float and returns its two channels.
  static func render(configured: Bool, flags: [String]) throws -> (left: [Float], right: [Float]) {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try fixture.write("split.sfz", text: instrument)
    try fixture.write("song.mid", song: song(configured: configured))
    let outcome = SFZPlayInProcess.run(
      ["split.sfz", "song.mid", "-o", "out.wav", "--bit-depth", "32f", "--quiet"] + flags,
      in: fixture.folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let audio = try AudioFile(url: fixture.url("out.wav"))
    let right = stride(from: 1, to: audio.samples.count, by: 2).map { audio.samples[$0] }
    return (audio.left, right)
  }

  static let before = 4_800..<24_000
  static let bent = 26_400..<48_000
  static let pressed = 50_400..<72_000

  static func cents(_ signal: [Float], _ range: Range<Int>, from base: Double) -> Double {
    Measure.cents(Measure.frequency(signal, sampleRate: 48_000, in: range), from: base)
  }

  @Test(
    "an MPE song plays in MPE, found by its configuration message or asked for with --mpe",
    arguments: [(true, [String]()), (false, ["--mpe"])])
  func mpeSong(configured: Bool, flags: [String]) throws {
    let out = try Self.render(configured: configured, flags: flags)
    #expect(abs(Self.cents(out.left, Self.before, from: 220)) < 0.1)
    let bentCents = Self.cents(out.left, Self.bent, from: 220)
    #expect(abs(bentCents - 200) < 1, "the bent note: \(bentCents) cents")
    #expect(abs(Self.cents(out.right, Self.bent, from: 880)) < 0.1, "the other note")
    let pressedChange = Measure.rmsDB(out.right[Self.pressed]) - Measure.rmsDB(out.right[Self.bent])
    let otherChange = Measure.rmsDB(out.left[Self.pressed]) - Measure.rmsDB(out.left[Self.bent])
    #expect(abs(pressedChange + 12) < 0.05, "the pressed note: \(pressedChange) dB")
    #expect(abs(otherChange) < 0.01, "the other note: \(otherChange) dB")
  }

  /// Without the message or the flag, the bend is a plain channel bend over the instrument's
  /// bend_up, 200 cents by default (corpus/spec syntax.yml): 341 / 8191 of it.
  @Test("the same song without its configuration message or --mpe plays as plain MIDI")
  func plainSong() throws {
    let out = try Self.render(configured: false, flags: [])
    let bentCents = Self.cents(out.left, Self.bent, from: 220)
    #expect(abs(bentCents - 341.0 / 8_191 * 200) < 0.2, "\(bentCents) cents")
  }
}
