import Foundation

/// Decode fixtures made at start-up in a temporary folder from synthetic audio: a 24-bit WAV,
/// and the same audio as FLAC (`flac`) and WavPack (`wavpack`).
public struct AudioFixtures: Sendable {
  /// The folder holding the files.
  public let folder: URL
  /// Seconds of audio in each file.
  public let seconds: Double
  /// Bytes of the audio as 24-bit PCM (the WAV's data chunk): the unit of the MB/s figures.
  public let pcmBytes: Int

  /// The file of one format: "wav", "flac" or "wv".
  public func url(_ format: String) -> URL {
    folder.appendingPathComponent("fixture.\(format)")
  }

  /// Writes the fixtures: `seconds` of stereo 48 kHz audio.
  public init(seconds: Double = 10) throws(BenchError) {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("sfzsampler-bench-\(getpid())")
    self.seconds = seconds
    let frames = Int(seconds * 48_000)
    // A whole number of 2-second loops of the rich tone, so FLAC sees music-like content.
    let loop = TestSignal.richTone(frames: 96_000, channels: 2)
    let wav = WAV24.bytes(channelCount: 2, frames: frames, sampleRate: 48_000) { channel, frame in
      loop[channel][frame % 96_000]
    }
    pcmBytes = wav.count - 44
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try wav.write(to: url("wav"))
    } catch {
      throw .file(path: url("wav").path, reason: "\(error)")
    }
    try Tool.run("flac", ["-s", "-f", "-o", url("flac").path, url("wav").path])
    try Tool.run("wavpack", ["-q", "-y", url("wav").path, "-o", url("wv").path])
  }

  /// Deletes the folder.
  public func remove() {
    try? FileManager.default.removeItem(at: folder)
  }
}
