import AudioTestSupport
import Foundation
import SFZSampler
import SongPlayback

/// A sampler loaded from SFZ text written for one test, played with timed events.
///
/// The instruments use `*sine` regions with `amp_veltrack=0`, so each region is told apart by its
/// pitch (`tune`) or its level (`volume`) alone.
struct SemanticsRig {
  static let rate = 48_000.0
  /// Frequency of key 60 in 12-TET, where a `*sine` with `pitch_keycenter=60` plays.
  static let middleC = 440 * pow(2, -9.0 / 12)

  let sampler: Sampler
  let report: InstrumentReport

  init(_ sfz: String, polyphony: Int = 64) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("sfz-semantics-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // the instrument is all in memory once loaded (`*sine` regions): nothing is left behind
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("test.sfz")
    try Data(sfz.utf8).write(to: url)
    try self.init(url: url, polyphony: polyphony)
  }

  /// A sampler loaded from the SFZ file at `url`.
  init(url: URL, polyphony: Int = 64) throws {
    sampler = Sampler(sampleRate: Self.rate, maximumPolyphony: polyphony)
    report = try sampler.loadInstrument(url: url)
    sampler.setUnityChannelVolume()
  }

  /// Renders `frames` frames (left channel) in blocks of at most 128, each event at its frame
  /// counted from the start of this call; events at `frames` or later are never played.
  func render(_ frames: Int, _ events: [SamplerEvent] = []) -> [Float] {
    let schedule = events.sorted { $0.frame < $1.frame }.filter { $0.frame < frames }
      .map { ScheduledEvent(frame: $0.frame, event: $0) }
    var left: [Float] = []
    left.reserveCapacity(frames)
    SongRenderer(sampler: sampler, blockSize: 128).render(
      schedule, tailFrames: frames - EventCursor(schedule).endFrame
    ) { block in
      left.append(contentsOf: block.left)
      return true
    }
    return left
  }

  /// Plays one note for `frames` frames and lets it go; returns what it sounded like.
  func strike(
    _ key: UInt8, velocity: UInt8 = 100, channel: UInt8 = 0, frames: Int = 2_400,
    before: [SamplerEvent] = []
  ) -> [Float] {
    let out = render(frames, before + [.noteOn(key: key, velocity: velocity, channel: channel)])
    _ = render(480, [.noteOff(key: key, channel: channel)])
    return out
  }

  /// The semitone offset (from the tones given) nearest to what `signal` plays against `key`, or
  /// nil when it is silent.
  static func tone(_ signal: [Float], key: Int = 60, among tones: [Int]) -> Int? {
    guard Measure.rmsDB(signal[...]) > -60 else { return nil }
    let hertz = Measure.frequency(signal, sampleRate: rate, in: 240..<signal.count)
    let base = middleC * pow(2, Double(key - 60) / 12)
    return tones.min {
      abs(Measure.cents(hertz, from: base * pow(2, Double($0) / 12)))
        < abs(Measure.cents(hertz, from: base * pow(2, Double($1) / 12)))
    }
  }

  /// RMS level in dB of `signal`, skipping the first `skip` frames.
  static func level(_ signal: [Float], skip: Int = 240) -> Double {
    Measure.rmsDB(signal[min(skip, signal.count)...])
  }
}
