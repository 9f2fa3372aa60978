import AudioTestSupport
import CSndfile
import Foundation

/// A temporary folder holding one test's samples, instrument, songs and outputs.
struct Fixture {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("sfzplay-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

  func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: url(name).path) }

  /// Files in the folder (temporary files included), sorted.
  var contents: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  func write(_ name: String, text: String) throws {
    try Data(text.utf8).write(to: url(name))
  }

  func write(_ name: String, bytes: [UInt8]) throws {
    try Data(bytes).write(to: url(name))
  }

  func write(_ name: String, song: StandardMIDIWriter) throws {
    try write(name, bytes: song.bytes)
  }

  /// Writes a mono 32-bit float WAV through libsndfile.
  func writeSample(_ name: String, samples: [Float], sampleRate: Int) throws {
    var info = SF_INFO()
    info.samplerate = Int32(sampleRate)
    info.channels = 1
    info.format = Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT)
    guard let file = sf_open(url(name).path, Int32(SFM_WRITE), &info) else {
      throw FixtureError(description: "cannot create \(name)")
    }
    let written = sf_writef_float(file, samples, sf_count_t(samples.count))
    sf_close(file)
    guard written == samples.count else {
      throw FixtureError(description: "short write to \(name)")
    }
  }

  /// A DC sample (constant 0.5) and an instrument mapping it over every key with its root at
  /// middle C: every note-on turns the output on at exactly its frame, which makes onsets
  /// measurable to the frame. `set_cc7=127` plays it at unity channel volume rather than the
  /// General MIDI power-on 100, so levels read back as written.
  func writeDCInstrument(seconds: Double = 1, sampleRate: Int = 48_000) throws {
    let frames = Int(seconds * Double(sampleRate))
    try writeSample(
      "dc.wav", samples: [Float](repeating: 0.5, count: frames), sampleRate: sampleRate)
    try write(
      "dc.sfz",
      text: "<control> set_cc7=127\n<region> sample=dc.wav lokey=0 hikey=127 pitch_keycenter=60\n")
  }

  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }
}

/// A fixture could not be written.
struct FixtureError: Error, CustomStringConvertible {
  var description: String
}

/// What libsndfile reads back from an output file.
struct AudioFile {
  var format: Int32
  var sampleRate: Int
  var channels: Int
  var frames: Int
  /// Interleaved samples as floats (integers scaled to -1...1).
  var samples: [Float]

  /// The left channel.
  var left: [Float] { stride(from: 0, to: samples.count, by: channels).map { samples[$0] } }

  init(url: URL) throws {
    var info = SF_INFO()
    guard let file = sf_open(url.path, Int32(SFM_READ), &info) else {
      throw FixtureError(description: "cannot open \(url.lastPathComponent)")
    }
    defer { sf_close(file) }
    format = info.format
    sampleRate = Int(info.samplerate)
    channels = Int(info.channels)
    frames = Int(info.frames)
    samples = [Float](repeating: 0, count: frames * channels)
    let read = sf_readf_float(file, &samples, info.frames)
    guard read == info.frames else {
      throw FixtureError(description: "short read from \(url.lastPathComponent)")
    }
  }

  /// Frames where the left channel rises through `threshold`; the default is half the DC
  /// instrument's level.
  func onsets(threshold: Float = 0.25) -> [Int] {
    Measure.onsets(left, threshold: threshold)
  }
}
