import Foundation

/// A small SFZ instrument the tests make: one 48 kHz sine sample of `frequency` Hz (root key 69),
/// starting at its peak so a note's first frame is not silent, played over every key.
struct SineInstrument {
  static let frequency = 440.0
  static let rootKey: UInt8 = 69
  static let sampleRate = 48_000
  let folder: URL
  var sfz: URL { folder.appendingPathComponent("sine.sfz") }

  /// Writes sine.wav (16-bit, 2 s) and sine.sfz into a new temporary folder; `sfz` replaces
  /// the instrument's text (a region playing sine.wav over every key).
  init(release: Double = 0.001, sfz text: String? = nil) throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("sfzsampler-lv2-sine-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let frames = 2 * Self.sampleRate
    var pcm = Data(capacity: frames * 2)
    for n in 0..<frames {
      let value = 0.5 * cos(2 * Double.pi * Self.frequency * Double(n) / Double(Self.sampleRate))
      withUnsafeBytes(of: Int16(value * 32767).littleEndian) { pcm.append(contentsOf: $0) }
    }
    try (Self.wavHeader(dataBytes: pcm.count) + pcm).write(
      to: folder.appendingPathComponent("sine.wav"))
    let region = "<region> sample=sine.wav pitch_keycenter=\(Self.rootKey) ampeg_release=\(release)"
    try (text ?? region).write(to: sfz, atomically: true, encoding: .utf8)
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }

  /// The frequency key `key` plays at.
  static func frequency(ofKey key: UInt8) -> Double {
    frequency * pow(2, (Double(key) - Double(rootKey)) / 12)
  }

  private static func wavHeader(dataBytes: Int) -> Data {
    var header = Data()
    func append<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) }
    }
    header.append(contentsOf: Array("RIFF".utf8))
    append(UInt32(36 + dataBytes))
    header.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16))
    append(UInt16(1))  // PCM
    append(UInt16(1))  // mono
    append(UInt32(sampleRate))
    append(UInt32(sampleRate * 2))
    append(UInt16(2))
    append(UInt16(16))
    header.append(contentsOf: Array("data".utf8))
    append(UInt32(dataBytes))
    return header
  }
}
