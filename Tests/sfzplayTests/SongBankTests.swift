import AudioTestSupport
import Foundation
import Testing

/// `sfzplay BANK SONG.mid`: a multi-timbral song through a bank in the layout SF2-to-SFZ
/// converters write (`000/000_Name.sfz`, `128/000_Kit.sfz`), with stems, a report, warnings for
/// what does not play, and explicit assignments. The bank's programs are `*sine` generators an
/// octave apart (corpus/spec sfzformat/docs/opcodes/transpose.md), so which program plays is a
/// pitch: key 69 at 440 Hz on the piano, 220 Hz on the bass, 880 Hz on the kit.
@Suite struct SongBankTests {
  /// 480 ticks per quarter at 120 bpm: a tick is 50 frames at 48 kHz.
  static let framesPerTick = 50

  static func bank(in fixture: Fixture) throws {
    let region = "<region> sample=*sine ampeg_release=0.005"
    for (path, transpose, extra) in [
      ("000/000_Piano.sfz", 0, " hikey=100"), ("000/033_Bass.sfz", -12, ""),
      ("128/000_Standard.sfz", 12, ""), ("008/004_EP.sfz", 24, ""),
    ] {
      try FileManager.default.createDirectory(
        at: fixture.url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
      try fixture.write(path, text: "\(region) transpose=\(transpose)\(extra)\n")
    }
  }

  /// Channel 1 plays the piano (with one key above its hikey), channel 2 the bass (program 33),
  /// channel 10 the kit; `extra` events go on a fourth track.
  static func song(extra: [StandardMIDIWriter.Event] = []) -> StandardMIDIWriter {
    StandardMIDIWriter(
      format: 1, ticksPerQuarter: 480,
      tracks: [
        [
          .noteOn(delta: 100, key: 69), .noteOff(delta: 400, key: 69),
          .noteOn(delta: 0, key: 110), .noteOff(delta: 100, key: 110),
        ],
        [
          StandardMIDIWriter.Event(delta: 0, bytes: [0xC1, 33]),
          .noteOn(delta: 200, key: 69, channel: 1), .noteOff(delta: 400, key: 69, channel: 1),
        ],
        [.noteOn(delta: 300, key: 69, channel: 9), .noteOff(delta: 400, key: 69, channel: 9)],
        extra,
      ])
  }

  @Test func eachChannelPlaysItsProgramAndTheStemsAddUpToTheMix() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try Self.bank(in: fixture)
    try fixture.write("song.mid", song: Self.song())
    let outcome = SFZPlayInProcess.run(
      [
        fixture.folder.path, "song.mid", "-o", "mix.wav", "--bit-depth", "32f", "--stems",
        "stems", "--report", "report.json", "--tail", "0.5",
      ], in: fixture.folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: fixture.url("stems").path)
    // the stems dry, and the reverb's and the chorus's returns beside them
    #expect(
      names.sorted() == [
        "01-Piano.wav", "02-Bass.wav", "10-Standard.wav", "FX-Chorus.wav", "FX-Reverb.wav",
      ])
    let mix = try AudioFile(url: fixture.url("mix.wav")).left
    let stems = try names.sorted().map { try AudioFile(url: fixture.url("stems/\($0)")).left }
    #expect(stems.allSatisfy { $0.count == mix.count })
    // each part on its frame (a *sine is 0 on its first frame), at its program's pitch
    let t = Self.framesPerTick
    for (stem, (tick, hertz)) in zip(stems, [(100, 440.0), (200, 220), (300, 880)]) {
      #expect(Measure.onset(stem) == tick * t + 1)
      let measured = Measure.frequency(
        stem, sampleRate: 48_000, in: (tick * t + 500)..<(tick * t + 15_000))
      #expect(abs(Measure.cents(measured, from: hertz)) < 1, "\(measured) Hz")
    }
    var worst: Float = 0
    for frame in mix.indices {
      worst = max(worst, abs(stems.reduce(0) { $0 + $1[frame] } - mix[frame]))
    }
    #expect(worst <= 1e-6, "stems against the mix: \(worst)")
    // the piano's key 110 is above its hikey: reported and warned, naming channel and key
    #expect(
      outcome.stderr.contains(
        "channel 1 bank 0/0 program 0 (000_Piano.sfz): 1 note found no region (keys 110)"),
      "\(outcome.stderr)")
    let report =
      try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.url("report.json")))
      as? [String: Any]
    let channels = report?["channels"] as? [[String: Any]] ?? []
    #expect(channels.map { $0["channel"] as? Int } == [1, 2, 10])
    let piano = (channels.first?["parts"] as? [[String: Any]])?.first
    #expect(piano?["notes"] as? Int == 2)
    #expect(piano?["unplayedKeys"] as? [Int] == [110])
    #expect(piano?["name"] as? String == "Piano")
    #expect(channels.last?["stem"] as? String == "10-Standard.wav")
  }

  /// The instruments render on several threads while the calling thread writes the block
  /// before: the mix, every stem and where the tail ends (once no voice sounds) are the same
  /// bytes for any thread count.
  @Test func everyThreadCountWritesTheSameBytes() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try Self.bank(in: fixture)
    try fixture.write("song.mid", song: Self.song())
    var files: [[Data]] = []
    for threads in [1, 2, 4] {
      let outcome = SFZPlayInProcess.run(
        [
          fixture.folder.path, "song.mid", "-o", "mix\(threads).wav", "--stems",
          "stems\(threads)", "--threads", "\(threads)", "--block-size", "64",
        ], in: fixture.folder)
      #expect(outcome.status == 0, "\(outcome.stderr)")
      files.append(
        try [
          "mix\(threads).wav", "stems\(threads)/01-Piano.wav", "stems\(threads)/10-Standard.wav",
        ]
        .map { try Data(contentsOf: fixture.url($0)) })
    }
    // the tail ended once the 5 ms releases and the reverb (General MIDI's CC91 at 40 sends
    // to it; 2 s RT60) had gone, long before the default 10 s
    let mix = try AudioFile(url: fixture.url("mix1.wav")).left
    #expect(mix.count < 800 * Self.framesPerTick + 4 * 48_000, "\(mix.count) frames")
    #expect(files[1] == files[0] && files[2] == files[0])
  }

  @Test func aProgramTheBankLacksIsAWarningNamingItAndStrictFails() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try Self.bank(in: fixture)
    // channel 4 asks for program 50, which the bank lacks; bank 8 program 0 falls back to bank 0
    let extra: [StandardMIDIWriter.Event] = [
      StandardMIDIWriter.Event(delta: 0, bytes: [0xC3, 50]),
      .noteOn(delta: 10, key: 60, channel: 3),
      .noteOff(delta: 10, key: 60, channel: 3),
      StandardMIDIWriter.Event(delta: 0, bytes: [0xB4, 0, 8]),
      .noteOn(delta: 10, key: 60, channel: 4), .noteOff(delta: 10, key: 60, channel: 4),
    ]
    try fixture.write("song.mid", song: Self.song(extra: extra))
    let outcome = SFZPlayInProcess.run(
      [fixture.folder.path, "song.mid", "-o", "mix.wav", "--tail", "0.2"], in: fixture.folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(
      outcome.stderr.contains(
        "song.mid: channel 4 bank 0/0 program 50 has no instrument in the bank: its 1 note will not sound"
      ),
      "\(outcome.stderr)")
    #expect(
      outcome.stderr.contains("channel 5 bank 8/0 program 0: bank 8 lacks the program; bank 0's"),
      "\(outcome.stderr)")
    let strict = SFZPlayInProcess.run(
      [fixture.folder.path, "song.mid", "-o", "strict.wav", "--strict"], in: fixture.folder)
    #expect(strict.status != 0)
    #expect(strict.stderr.contains("program 50 has no instrument"), "\(strict.stderr)")
    #expect(!fixture.contents.contains { $0.contains("strict") }, "\(fixture.contents)")
  }

  @Test func aChannelAssignedAFilePlaysItWhateverItsProgram() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try Self.bank(in: fixture)
    try fixture.write("kit.sfz", text: "<region> sample=*sine transpose=-24 ampeg_release=0.005\n")
    try fixture.write("song.mid", song: Self.song())
    let outcome = SFZPlayInProcess.run(
      [
        fixture.folder.path, "song.mid", "-o", "mix.wav", "--channel", "10=kit.sfz", "--stems",
        "stems", "--bit-depth", "32f", "--tail", "0.2",
      ], in: fixture.folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let kit = try AudioFile(url: fixture.url("stems/10-kit.wav")).left
    let start = 300 * Self.framesPerTick
    let measured = Measure.frequency(kit, sampleRate: 48_000, in: (start + 500)..<(start + 15_000))
    #expect(abs(Measure.cents(measured, from: 110)) < 1, "\(measured) Hz")
  }

  @Test func aSongNothingPlaysSaysItIsSilent() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try FileManager.default.createDirectory(
      at: fixture.url("bank/000"), withIntermediateDirectories: true)
    try fixture.write("bank/000/005_EP.sfz", text: "<region> sample=*sine\n")
    try fixture.write("song.mid", song: Self.song())
    let outcome = SFZPlayInProcess.run(
      ["bank", "song.mid", "-o", "mix.wav", "--tail", "0.1"], in: fixture.folder)
    #expect(
      outcome.stderr.contains("the output is silent: no part of it found an instrument"),
      "\(outcome.stderr)")
    let strict = SFZPlayInProcess.run(
      ["bank", "song.mid", "-o", "strict.wav", "--strict"], in: fixture.folder)
    #expect(strict.status != 0)
  }

  @Test func optionsForOneInstrumentAreRefusedWithABank() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try Self.bank(in: fixture)
    try fixture.write("song.mid", song: Self.song())
    let outcome = SFZPlayInProcess.run(
      [fixture.folder.path, "song.mid", "--mpe"], in: fixture.folder)
    #expect(outcome.status != 0)
    #expect(outcome.stderr.contains("--mpe applies to one instrument"), "\(outcome.stderr)")
    let bad = SFZPlayInProcess.run(
      [fixture.folder.path, "song.mid", "--channel", "17=kit.sfz"], in: fixture.folder)
    #expect(bad.stderr.contains("--channel 17=kit.sfz: expected N=FILE with N in 1...16"))
  }

  /// `--normalize` to a sample peak, a true peak and an integrated loudness (ITU-R BS.1770-4, EBU
  /// R128), checked with a meter of another implementation: ffmpeg's ebur128 filter (skipped
  /// without ffmpeg); the sample peak from the file itself. One gain moves the stems too: they
  /// still add up to the mix.
  @Test(arguments: ["-3dBFS", "-1dBTP", "-20LUFS"])
  func normalizeBringsTheMixToItsTarget(target: String) throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try Self.bank(in: fixture)
    try fixture.write("song.mid", song: Self.song())
    let outcome = SFZPlayInProcess.run(
      [
        fixture.folder.path, "song.mid", "-o", "mix.wav", "--bit-depth", "32f", "--stems",
        "stems", "--normalize", target, "--tail", "0.5",
      ], in: fixture.folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("sfzplay: normalized to "), "\(outcome.stdout)")
    let mix = try AudioFile(url: fixture.url("mix.wav"))
    let value = Double(target.dropLast(4))!  // every unit is four letters
    if target.hasSuffix("dBFS") {
      let peak = Measure.dB(Double(mix.samples.map(abs).max() ?? 0))
      #expect(abs(peak - value) < 0.01, "sample peak \(peak) dBFS")
    } else if let ffmpeg = SongBankTests.ffmpeg {
      let measured = try Self.ffmpegMeasure(ffmpeg, fixture.url("mix.wav"))
      let found = target.hasSuffix("LUFS") ? measured.integrated : measured.truePeak
      #expect(abs(found - value) < 0.1, "ffmpeg measures \(found) for \(target)")
    } else {
      print("SongBankTests: \(target) not measured: no ffmpeg to measure it with")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: fixture.url("stems").path)
    let stems = try names.map { try AudioFile(url: fixture.url("stems/\($0)")).samples }
    var worst: Float = 0
    for index in mix.samples.indices {
      worst = max(worst, abs(stems.reduce(0) { $0 + $1[index] } - mix.samples[index]))
    }
    #expect(worst <= 2e-6, "stems against the normalized mix: \(worst)")
    #expect(!fixture.contents.contains { $0.contains("sfzplay-") }, "\(fixture.contents)")
  }

  static let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg", "/opt/homebrew/bin/ffmpeg"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// ffmpeg's ebur128 summary: integrated loudness (LUFS) and true peak (dBTP).
  static func ffmpegMeasure(_ ffmpeg: String, _ file: URL) throws -> (
    integrated: Double, truePeak: Double
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ffmpeg)
    process.arguments = [
      "-nostats", "-i", file.path, "-af", "ebur128=peak=true", "-f", "null", "-",
    ]
    let pipe = Pipe()
    process.standardError = pipe
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // the summary comes last: "I: -20.0 LUFS" and, under "True peak:", "Peak: -1.0 dBFS"
    let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    func last(_ prefix: String) -> Double? {
      lines.last { $0.hasPrefix(prefix) }.flatMap {
        Double($0.dropFirst(prefix.count).split(separator: " ").first ?? "")
      }
    }
    let integrated = try #require(last("I:"), "\(text.suffix(500))")
    let peak = try #require(last("Peak:"), "\(text.suffix(500))")
    return (integrated, peak)
  }
}
