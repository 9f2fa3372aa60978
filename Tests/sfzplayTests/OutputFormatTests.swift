import AudioTestSupport
import CSndfile
import Foundation
import Testing

/// Bit depths, containers, sample rates and interpolation qualities, read back with libsndfile.
@Suite struct OutputFormatTests {
  /// One note from 0 s to 0.5 s at 480 ticks per quarter and 120 bpm.
  static let halfSecondNote = StandardMIDIWriter(
    format: 0, ticksPerQuarter: 480,
    tracks: [[.noteOn(delta: 0, key: 60), .noteOff(delta: 480, key: 60)]])

  static func render(_ options: [String], output: String) throws -> (Fixture, AudioFile) {
    let fixture = try Fixture()
    try fixture.writeDCInstrument()
    try fixture.write("note.mid", song: halfSecondNote)
    let outcome = SFZPlayInProcess.run(
      ["dc.sfz", "note.mid", "-o", output, "--quiet"] + options, in: fixture.folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    return (fixture, try AudioFile(url: fixture.url(output)))
  }

  @Test(arguments: [
    ("16", "out.wav", Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)),
    ("24", "out.wav", Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_24)),
    ("32f", "out.wav", Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT)),
    ("16", "out.flac", Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)),
    ("24", "out.flac", Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_24)),
  ])
  func writesTheRequestedFormat(depth: String, output: String, format: Int32) throws {
    let (fixture, audio) = try Self.render(["--bit-depth", depth], output: output)
    defer { fixture.remove() }
    #expect(audio.format == format)
    #expect(audio.sampleRate == 48_000)
    #expect(audio.channels == 2)
    // The note sounds for 0.5 s: 24000 frames at the DC level, then a short release.
    #expect(audio.frames > 24_000 && audio.frames < 24_000 + 48_000 / 10)
    let sounding = Array(audio.left[100..<23_900])
    let mean = sounding.reduce(0, +) / Float(sounding.count)
    #expect(abs(mean - 0.5) < 0.001)
    #expect(sounding.allSatisfy { abs($0 - 0.5) < 0.001 })
    #expect(audio.samples.suffix(20).allSatisfy { abs($0) < 0.001 })
  }

  @Test func sixteenBitIsDitheredAndReproducible() throws {
    let (fixture, audio) = try Self.render(["--bit-depth", "16"], output: "a.wav")
    defer { fixture.remove() }
    // A constant input comes out as several neighbouring codes: the dither is there.
    let codes = Set(audio.left[100..<23_900].map { Int(($0 * 32_768).rounded()) })
    #expect(codes.count >= 2 && codes.count <= 4)
    let again = SFZPlayInProcess.run(
      ["dc.sfz", "note.mid", "-o", "b.wav", "--bit-depth", "16", "--quiet"], in: fixture.folder)
    #expect(again.status == 0)
    let first = try Data(contentsOf: fixture.url("a.wav"))
    let second = try Data(contentsOf: fixture.url("b.wav"))
    #expect(first == second)
  }

  @Test(arguments: ["out.flac", "out.wav"])
  func twoRunsGiveIdenticalBytes(output: String) throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try fixture.writeDCInstrument()
    try fixture.write("tempo.mid", song: TimingTests.tempoChangeSong())
    var renders: [Data] = []
    for depth in output.hasSuffix("flac") ? ["24", "24"] : ["32f", "32f"] {
      let outcome = SFZPlayInProcess.run(
        ["dc.sfz", "tempo.mid", "-o", output, "--bit-depth", depth, "--quiet"],
        in: fixture.folder)
      #expect(outcome.status == 0)
      renders.append(try Data(contentsOf: fixture.url(output)))
    }
    #expect(renders[0] == renders[1])
    #expect(renders[0].count > 1_000)
  }

  @Test(arguments: [44_100, 96_000])
  func rendersAtTheChosenRate(rate: Int) throws {
    let (fixture, audio) = try Self.render(
      ["--sample-rate", "\(rate)", "--bit-depth", "32f"], output: "out.wav")
    defer { fixture.remove() }
    #expect(audio.sampleRate == rate)
    // Note-off at 0.5 s: the level starts falling on the frame half a second in.
    let half = rate / 2
    #expect(abs(audio.left[half - 1] - 0.5) < 0.001)
    #expect(audio.left[half + rate / 500] < 0.45)
    #expect(audio.onsets() == [0])
  }

  @Test func gainScalesTheOutput() throws {
    let (fixture, audio) = try Self.render(
      ["--gain", "-6", "--bit-depth", "32f"], output: "quiet.wav")
    defer { fixture.remove() }
    // 0.5 * 10^(-6/20) = 0.25059
    #expect(abs(audio.left[1_000] - 0.250_59) < 0.000_1)
    #expect(audio.onsets(threshold: 0.125) == [0])
  }

  @Test func qualitiesDifferOnPitchedMaterial() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    // A 3 kHz sine played a fifth up: the interpolators leave different errors.
    let sine = (0..<48_000).map { Float(0.5 * sin(2 * Double.pi * 3_000 * Double($0) / 48_000)) }
    try fixture.writeSample("sine.wav", samples: sine, sampleRate: 48_000)
    try fixture.write(
      "sine.sfz", text: "<control> set_cc7=127\n<region> sample=sine.wav pitch_keycenter=60\n")
    try fixture.write(
      "fifth.mid",
      song: StandardMIDIWriter(
        format: 0, ticksPerQuarter: 480,
        tracks: [[.noteOn(delta: 0, key: 67), .noteOff(delta: 480, key: 67)]]))
    var renders: [String: [Float]] = [:]
    for quality in ["linear", "hermite", "sinc"] {
      let outcome = SFZPlayInProcess.run(
        [
          "sine.sfz", "fifth.mid", "-o", "\(quality).wav", "--quality", quality, "--bit-depth",
          "32f", "--quiet",
        ], in: fixture.folder)
      #expect(outcome.status == 0, "\(outcome.stderr)")
      let left = try AudioFile(url: fixture.url("\(quality).wav")).left
      let peak = Measure.peak(left[...])
      #expect(peak > 0.4 && peak < 0.6)
      renders[quality] = left
    }
    #expect(renders["linear"] != renders["sinc"])
    #expect(renders["hermite"] != renders["sinc"])
  }

  @Test func polyphonyOneSoundsOneNoteAtATime() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    // 4 s of DC at 8 kHz: long enough for both notes, whatever their pitch.
    try fixture.writeDCInstrument(seconds: 4, sampleRate: 8_000)
    // Key 60 from 0 s, key 72 from 0.5 s, both released at 1.5 s.
    try fixture.write(
      "overlap.mid",
      song: StandardMIDIWriter(
        format: 0, ticksPerQuarter: 480,
        tracks: [
          [
            .noteOn(delta: 0, key: 60), .noteOn(delta: 480, key: 72),
            .noteOff(delta: 960, key: 60), .noteOff(delta: 0, key: 72),
          ]
        ]))
    var levels: [String: Float] = [:]
    for polyphony in ["1", "2"] {
      let outcome = SFZPlayInProcess.run(
        [
          "dc.sfz", "overlap.mid", "-o", "p\(polyphony).wav", "--polyphony", polyphony,
          "--sample-rate", "8000", "--bit-depth", "32f", "--quiet",
        ], in: fixture.folder)
      #expect(outcome.status == 0, "\(outcome.stderr)")
      let left = try AudioFile(url: fixture.url("p\(polyphony).wav")).left
      #expect(abs(left[2_000] - 0.5) < 0.001)
      // Halfway through the overlap (1 s = frame 8000).
      levels[polyphony] = left[8_000]
    }
    #expect(abs((levels["1"] ?? 0) - 0.5) < 0.001)
    #expect(abs((levels["2"] ?? 0) - 1.0) < 0.001)
  }
}
