import Foundation

/// A WAV file's frames as floats: 16- and 24-bit PCM and 32-bit float, which sfzplay and
/// FluidSynth write. Only what the report reads: the `fmt ` and `data` chunks.
struct WAVFile {
  let sampleRate: Double
  let channelCount: Int
  /// Interleaved frames, full scale 1.
  let samples: [Float]

  var frameCount: Int { samples.count / channelCount }

  init(path: String) throws(ReportError) {
    guard let data = FileManager.default.contents(atPath: path), data.count >= 12 else {
      throw .unreadable(path, "no such file, or too short for a WAV")
    }
    let bytes = [UInt8](data)
    func le(_ at: Int, _ count: Int) -> Int {
      (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
    }
    guard String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF",
      String(decoding: bytes[8..<12], as: UTF8.self) == "WAVE"
    else { throw .unreadable(path, "not a RIFF WAVE file") }
    var at = 12
    var format = 0, channels = 0, rate = 0, bits = 0
    var found: (start: Int, count: Int)?
    while at + 8 <= bytes.count, found == nil {
      let id = String(decoding: bytes[at..<at + 4], as: UTF8.self)
      let size = le(at + 4, 4)
      if id == "fmt " {
        format = le(at + 8, 2)
        channels = le(at + 10, 2)
        rate = le(at + 12, 4)
        bits = le(at + 22, 2)
        // WAVE_FORMAT_EXTENSIBLE carries the real tag at the start of its sub-format
        if format == 0xFFFE { format = le(at + 32, 2) }
      } else if id == "data" {
        found = (at + 8, min(size, bytes.count - at - 8))
      }
      at += 8 + size + (size & 1)
    }
    guard let found, channels > 0, rate > 0 else { throw .unreadable(path, "no fmt or data") }
    let width = bits / 8
    let count = found.count / width
    var samples = [Float](repeating: 0, count: count)
    switch (format, bits) {
    case (1, 16):
      for i in 0..<count {
        samples[i] = Float(Int16(truncatingIfNeeded: le(found.start + 2 * i, 2))) / 32_768
      }
    case (1, 24):
      for i in 0..<count {
        let raw = le(found.start + 3 * i, 3)
        samples[i] = Float(raw >= 1 << 23 ? raw - (1 << 24) : raw) / 8_388_608
      }
    case (3, 32):
      for i in 0..<count {
        samples[i] = Float(bitPattern: UInt32(truncatingIfNeeded: le(found.start + 4 * i, 4)))
      }
    default: throw .unreadable(path, "format \(format) with \(bits) bits is not read here")
    }
    self.sampleRate = Double(rate)
    self.channelCount = channels
    self.samples = samples
  }
}
