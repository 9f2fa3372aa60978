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
    var data = [UInt8]()
    data.reserveCapacity(frames * 6)
    for frame in 0..<frames {
      for channel in 0..<2 {
        let value = Int32((Double(loop[channel][frame % 96_000]) * 8_388_607).rounded())
        data.append(UInt8(truncatingIfNeeded: value))
        data.append(UInt8(truncatingIfNeeded: value >> 8))
        data.append(UInt8(truncatingIfNeeded: value >> 16))
      }
    }
    pcmBytes = data.count
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(Self.wavHeader(dataBytes: data.count) + data).write(to: url("wav"))
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

  private static func wavHeader(dataBytes: Int) -> [UInt8] {
    func le32(_ value: Int) -> [UInt8] {
      (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    func le16(_ value: Int) -> [UInt8] {
      (0..<2).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    let channels = 2
    let rate = 48_000
    let bytesPerFrame = channels * 3
    return Array("RIFF".utf8) + le32(36 + dataBytes) + Array("WAVE".utf8) + Array("fmt ".utf8)
      + le32(16) + le16(1) + le16(channels) + le32(rate) + le32(rate * bytesPerFrame)
      + le16(bytesPerFrame) + le16(24) + Array("data".utf8) + le32(dataBytes)
  }
}
