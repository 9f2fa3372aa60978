import Foundation

/// 24-bit PCM WAV files, as a 24-bit recording stores its samples.
public enum WAV24 {
  /// The bytes of a WAV file of `frames` frames of `channelCount` channels at `sampleRate`, the
  /// value of `channel` at `frame` given by `value` (full scale 1, rounded to 24 bits).
  public static func bytes(
    channelCount: Int, frames: Int, sampleRate: Int, value: (_ channel: Int, _ frame: Int) -> Float
  ) -> Data {
    var data = [UInt8]()
    data.reserveCapacity(frames * channelCount * 3)
    for frame in 0..<frames {
      for channel in 0..<channelCount {
        let sample = Int32((Double(value(channel, frame)) * 8_388_607).rounded())
        data.append(UInt8(truncatingIfNeeded: sample))
        data.append(UInt8(truncatingIfNeeded: sample >> 8))
        data.append(UInt8(truncatingIfNeeded: sample >> 16))
      }
    }
    return Data(header(channelCount: channelCount, sampleRate: sampleRate, dataBytes: data.count))
      + Data(data)
  }

  private static func header(channelCount: Int, sampleRate: Int, dataBytes: Int) -> [UInt8] {
    func le32(_ value: Int) -> [UInt8] {
      (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    func le16(_ value: Int) -> [UInt8] {
      (0..<2).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    let bytesPerFrame = channelCount * 3
    return Array("RIFF".utf8) + le32(36 + dataBytes) + Array("WAVE".utf8) + Array("fmt ".utf8)
      + le32(16) + le16(1) + le16(channelCount) + le32(sampleRate)
      + le32(sampleRate * bytesPerFrame) + le16(bytesPerFrame) + le16(24) + Array("data".utf8)
      + le32(dataBytes)
  }
}
