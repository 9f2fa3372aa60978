import CSndfile
import Foundation
import Testing

/// Builds test audio files in a fresh temporary folder, using libsndfile for the audio itself and
/// hand-written bytes for the metadata chunks under test.
struct DecodingFixtures: ~Copyable {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("sfz-decoding-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// Integer PCM spanning the full range of `bits`: a sine at 0.9 of full scale with both
  /// extremes (most negative and most positive codes) planted at the start.
  static func pcm(bits: Int, frames: Int, channels: Int) -> [Int32] {
    let top = Double((Int64(1) << (bits - 1)) - 1)
    var values: [Int32] = []
    values.reserveCapacity(frames * channels)
    for frame in 0..<frames {
      for channel in 0..<channels {
        let phase = Double(frame) * 0.0312 + Double(channel) * 1.1
        values.append(Int32((sin(phase) * top * 0.9).rounded()))
      }
    }
    values[0] = Int32(-top - 1)
    values[min(1, values.count - 1)] = Int32(top)
    return values
  }

  /// Writes interleaved integer PCM (right-justified `bits`-bit values) through libsndfile.
  func writePCM(
    _ name: String, values: [Int32], bits: Int, channels: Int, format: Int32,
    sampleRate: Int32 = 44_100
  ) throws -> String {
    let shift = Int32(32 - bits)
    let leftJustified = values.map { $0 << shift }
    return try write(name, channels: channels, format: format, sampleRate: sampleRate) { file in
      leftJustified.withUnsafeBufferPointer {
        sf_writef_int(file, $0.baseAddress, sf_count_t(values.count / channels))
      }
    }
  }

  /// Writes interleaved floats through libsndfile.
  func writeFloat(
    _ name: String, values: [Float], channels: Int, format: Int32, sampleRate: Int32 = 44_100,
    instrument: SF_INSTRUMENT? = nil
  ) throws -> String {
    try write(
      name, channels: channels, format: format, sampleRate: sampleRate, instrument: instrument
    ) { file in
      values.withUnsafeBufferPointer {
        sf_writef_float(file, $0.baseAddress, sf_count_t(values.count / channels))
      }
    }
  }

  private func write(
    _ name: String, channels: Int, format: Int32, sampleRate: Int32,
    instrument: SF_INSTRUMENT? = nil, body: (OpaquePointer) -> sf_count_t
  ) throws -> String {
    let target = path(name)
    var info = SF_INFO()
    info.channels = Int32(channels)
    info.samplerate = sampleRate
    info.format = format
    let file = try #require(sf_open(target, Int32(SFM_WRITE), &info), "sf_open \(target)")
    if var instrument {
      let size = Int32(MemoryLayout<SF_INSTRUMENT>.size)
      #expect(sf_command(file, Int32(SFC_SET_INSTRUMENT), &instrument, size) == SF_TRUE)
    }
    _ = body(file)
    sf_close(file)
    return target
  }

  /// Appends a WAV `smpl` chunk after the existing chunks and fixes the RIFF size.
  static func appendSmpl(
    toWAV path: String, unityNote: UInt32, pitchFraction: UInt32,
    loops: [(type: UInt32, start: UInt32, lastFrame: UInt32)]
  ) throws {
    var words: [UInt32] = [0, 0, 22_675, unityNote, pitchFraction, 0, 0, UInt32(loops.count), 0]
    for (index, loop) in loops.enumerated() {
      words += [UInt32(index), loop.type, loop.start, loop.lastFrame, 0, 0]
    }
    let payload = words.flatMap(littleEndian)
    try appendChunk(to: path, id: "smpl", payload: payload, bigEndian: false)
  }

  /// Appends AIFF `MARK` (two markers) and `INST` (sustain loop between them) chunks.
  static func appendAIFFLoop(
    to path: String, baseNote: Int8, detune: Int8, start: UInt32, end: UInt32
  ) throws {
    var mark: [UInt8] = bigEndian16(2)
    mark += bigEndian16(1) + bigEndian32(start) + [1, UInt8(ascii: "a")]
    mark += bigEndian16(2) + bigEndian32(end) + [1, UInt8(ascii: "b")]
    var inst: [UInt8] = [UInt8(bitPattern: baseNote), UInt8(bitPattern: detune), 0, 127, 1, 127]
    inst += bigEndian16(0)
    inst += bigEndian16(1) + bigEndian16(1) + bigEndian16(2)
    inst += bigEndian16(0) + bigEndian16(0) + bigEndian16(0)
    try appendChunk(to: path, id: "MARK", payload: mark, bigEndian: true)
    try appendChunk(to: path, id: "INST", payload: inst, bigEndian: true)
  }

  private static func appendChunk(
    to path: String, id: String, payload: [UInt8], bigEndian isBigEndian: Bool
  ) throws {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let size = UInt32(payload.count)
    bytes += Array(id.utf8) + (isBigEndian ? bigEndian32(size) : littleEndian(size)) + payload
    if payload.count % 2 == 1 { bytes.append(0) }
    let outer = UInt32(bytes.count - 8)
    bytes.replaceSubrange(4..<8, with: isBigEndian ? bigEndian32(outer) : littleEndian(outer))
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  static func littleEndian(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  static func bigEndian32(_ value: UInt32) -> [UInt8] { littleEndian(value).reversed() }

  static func bigEndian16(_ value: UInt16) -> [UInt8] {
    [UInt8(value >> 8), UInt8(truncatingIfNeeded: value)]
  }
}

/// Command-line encoders used to build fixtures; tests that need one skip when it is missing.
enum ExternalTool {
  static func find(_ name: String) -> String? {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
      .split(separator: ":")
    return directories.map { "\($0)/\(name)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  static var hasWavPack: Bool { find("wavpack") != nil }
  static var hasFLAC: Bool { find("flac") != nil }

  /// Runs the tool and requires a zero exit status.
  static func run(_ name: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(find(name)))
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(name) \(arguments) failed")
  }

  /// `wavpack -q -y in -o out`, returning `out`.
  static func wavPack(_ input: String, extraArguments: [String] = []) throws -> String {
    let output = (input as NSString).deletingPathExtension + ".wv"
    try run("wavpack", ["-q", "-y"] + extraArguments + [input, "-o", output])
    return output
  }

  /// `flac --keep-foreign-metadata`, returning the output path.
  static func flacKeepingMetadata(_ input: String) throws -> String {
    let output = (input as NSString).deletingPathExtension + ".flac"
    try run("flac", ["-s", "-f", "--keep-foreign-metadata", "-o", output, input])
    return output
  }
}
