import Foundation

/// An SFZ instrument and a song that hold `voices` looped stereo 24-bit voices for `seconds`,
/// written to a temporary folder: the workload of the comparison of whole processes
/// (each voice at a ratio near 1.5, a cent apart per key, from its own offset in a 2-second
/// loop of `TestSignal.richTone`).
///
/// ```swift
/// let fixture = try SustainedVoices(voices: 256, seconds: 10)
/// // sfzplay fixture.instrument(filter: true) fixture.song --tail 0 --polyphony 512
/// ```
public struct SustainedVoices: Sendable {
  /// The folder holding the files.
  public let folder: URL
  /// Voices the song holds.
  public let voices: Int
  /// Seconds they are held: the length of the song.
  public let seconds: Double

  /// The instrument, with or without a 2-pole low-pass (2.5 kHz, 6 dB resonance) on every voice.
  public func instrument(filter: Bool) -> URL {
    folder.appendingPathComponent(filter ? "lpf.sfz" : "plain.sfz")
  }

  /// The song: every note on at its start, off `seconds` later.
  public var song: URL { folder.appendingPathComponent("hold.mid") }

  /// Writes the sample, both instruments and the song; `voices` is 1...2048 (16 channels).
  public init(voices: Int = 256, seconds: Double = 10) throws(BenchError) {
    precondition((1...2_048).contains(voices))
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("sfzsampler-voices-\(getpid())-\(voices)")
    self.voices = voices
    self.seconds = seconds
    let frames = 96_000
    let tone = TestSignal.richTone(frames: frames, channels: 2)
    let wav = WAV24.bytes(channelCount: 2, frames: frames, sampleRate: 48_000) { tone[$0][$1] }
    // one region per key and channel, each from its own offset, so voices read different memory
    let channels = (voices + 127) / 128
    var regions = ""
    for channel in 1...channels {
      for key in 0..<128 {
        let offset = ((key + 128 * (channel - 1)) * 7_919) % (frames / 2)
        regions +=
          "<region> lochan=\(channel) hichan=\(channel) key=\(key) offset=\(offset)\n"
      }
    }
    let global =
      "<global> sample=tone.wav pitch_keycenter=60 pitch_keytrack=1 tune=702 volume=-30"
      + " loop_mode=loop_continuous loop_start=0 loop_end=\(frames - 1) ampeg_release=0.05\n"
    let lowPass = "fil_type=lpf_2p cutoff=2500 resonance=6\n"
    let end = Int(seconds * 960)  // 960 ticks a second at 480 per quarter and 120 bpm
    var events: [(tick: Int, message: [UInt8])] = []
    for voice in 0..<voices {
      let channel = UInt8(voice / 128), key = UInt8(voice % 128)
      events.append((0, [0x90 | channel, key, 100]))
      events.append((end, [0x80 | channel, key, 0]))
    }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try wav.write(to: folder.appendingPathComponent("tone.wav"))
      try (global + regions).write(to: instrument(filter: false), atomically: true, encoding: .utf8)
      try (global + lowPass + regions).write(
        to: instrument(filter: true), atomically: true, encoding: .utf8)
      try MIDIBytes.format0(ticksPerQuarter: 480, events: events).write(to: song)
    } catch {
      throw .file(path: folder.path, reason: "\(error)")
    }
  }

  /// Deletes the folder.
  public func remove() {
    try? FileManager.default.removeItem(at: folder)
  }
}
