import CSndfile
import Foundation

/// The files a song render writes: the mix, and with `--stems` one file per channel that plays
/// (`01-Piano.wav`, `10-Standard.wav`: the two-digit channel number as musicians count, then the
/// program's name), dry, and the returns of the reverb and the chorus (`FX-Reverb.wav`,
/// `FX-Chorus.wav`) unless the effects are off: stems and returns add up to the mix. Each is written under a temporary name and all are renamed together at the
/// end, so a failed or interrupted render leaves every earlier file as it was. With
/// `--normalize` the render goes first into 32-bit float files, and ``finish(gain:)`` writes
/// the outputs from them with one gain for all, once the song has been measured.
final class SongOutputs {
  let mix: AudioFileWriter
  /// Writers of the channels that have an instrument, by channel (0-15).
  let stems: [Int: AudioFileWriter]
  /// The stems' file names, by channel.
  let stemNames: [Int: String]
  /// Writers of the effects' returns: the reverb's at [0], the chorus's at [1]; empty without
  /// stems or effects.
  let returns: [AudioFileWriter]
  /// The returns' file names, as `returns`.
  let returnNames: [String]
  /// The returns' names after `FX-`, by bus.
  static let returnNames = ["Reverb", "Chorus"]
  /// Samples of the mix clipped to full scale in its file so far.
  var mixClippedSamples: Int { normalizing ? normalizedMixClipped : mix.clippedSamples }
  private var normalizedMixClipped = 0
  /// Each output and the temporary file its writer writes (the float render when normalizing).
  private let files: [(output: GivenPath, written: TemporaryOutput)]
  /// When normalizing, the outputs' own temporary files, written by `finish`.
  private var finals: [TemporaryOutput] = []
  private let format: OutputFormat
  private let sampleRate: Int
  private let normalizing: Bool
  private let removesOnSignal: Bool

  init(
    mix output: GivenPath, stemsFolder: GivenPath?, parts: SongParts, format: OutputFormat,
    sampleRate: Int, normalizing: Bool, effects: Bool, removesOnSignal: Bool
  ) throws(SFZPlayError) {
    self.format = format
    self.sampleRate = sampleRate
    self.normalizing = normalizing
    self.removesOnSignal = removesOnSignal
    var files: [(output: GivenPath, written: TemporaryOutput)] = []
    func open(_ path: GivenPath) throws(SFZPlayError) -> AudioFileWriter {
      let temporary = try TemporaryOutput(
        finalPath: path, removesOnSignal: removesOnSignal,
        kind: normalizing ? "sfzplay-unnormalized" : "sfzplay-tmp")
      files.append((path, temporary))
      return try AudioFileWriter(
        path: temporary.temporaryPath, displayPath: path.text,
        format: normalizing ? OutputFormat(container: .wav, depth: .float32) : format,
        sampleRate: sampleRate)
    }
    do {
      mix = try open(output)
      var stems: [Int: AudioFileWriter] = [:]
      var names: [Int: String] = [:]
      var returns: [AudioFileWriter] = []
      var returnNames: [String] = []
      if let stemsFolder {
        try Self.makeFolder(stemsFolder)
        let suffix = output.url.pathExtension.isEmpty ? "wav" : output.url.pathExtension
        for channel in 0..<16 {
          guard let name = parts.stemName(channel: channel) else { continue }
          let file = String(format: "%02d-", channel + 1) + name + "." + suffix
          stems[channel] = try open(stemsFolder.appending(file))
          names[channel] = file
        }
        for name in Self.returnNames where effects {
          let file = "FX-" + name + "." + suffix
          returns.append(try open(stemsFolder.appending(file)))
          returnNames.append(file)
        }
      }
      self.stems = stems
      stemNames = names
      self.returns = returns
      self.returnNames = returnNames
      self.files = files
    } catch {
      for file in files { file.written.discard() }
      throw error
    }
  }

  /// When normalizing: writes every output from its float render times `gain`, in the output's
  /// format (dither and clipping as a render's own), and removes the float render.
  func finish(gain: Float) throws(SFZPlayError) {
    try close()
    for (index, file) in files.enumerated() {
      let final = try TemporaryOutput(finalPath: file.output, removesOnSignal: removesOnSignal)
      finals.append(final)
      let writer = try AudioFileWriter(
        path: final.temporaryPath, displayPath: file.output.text, format: format,
        sampleRate: sampleRate)
      try Self.copy(file.written.temporaryPath, to: writer, gain: gain, name: file.output.text)
      try writer.close()
      if index == 0 { normalizedMixClipped = writer.clippedSamples }
      file.written.discard()
    }
  }

  /// Closes every file and moves each into place.
  func commit() throws(SFZPlayError) {
    if normalizing {
      for final in finals { try final.commit() }
      return
    }
    try close()
    for file in files { try file.written.commit() }
  }

  /// Removes every temporary file.
  func discard() {
    for file in files { file.written.discard() }
    for final in finals { final.discard() }
  }

  private func close() throws(SFZPlayError) {
    try mix.close()
    for writer in stems.values { try writer.close() }
    for writer in returns { try writer.close() }
  }

  /// Reads the stereo float file at `path` in blocks and writes it through `writer` times `gain`.
  private static func copy(
    _ path: String, to writer: AudioFileWriter, gain: Float, name: String
  ) throws(SFZPlayError) {
    var info = SF_INFO()
    guard let file = sf_open(path, Int32(SFM_READ), &info), info.channels == 2 else {
      throw .outputUnwritable(path: name, reason: "its unnormalized render cannot be read back")
    }
    defer { sf_close(file) }
    let block = 4_096
    var frames = [Float](repeating: 0, count: 2 * block)
    var left = [Float](repeating: 0, count: block)
    var right = [Float](repeating: 0, count: block)
    while true {
      let read = Int(sf_readf_float(file, &frames, sf_count_t(block)))
      guard read > 0 else { break }
      for frame in 0..<read {
        left[frame] = frames[2 * frame] * gain
        right[frame] = frames[2 * frame + 1] * gain
      }
      try writer.write(left: left, right: right, count: read)
    }
  }

  /// Creates the stems' folder when it does not exist yet (its parent must).
  private static func makeFolder(_ folder: GivenPath) throws(SFZPlayError) {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
      guard isFolder.boolValue else {
        throw .outputUnwritable(path: folder.text, reason: "--stems names a file, not a folder")
      }
      return
    }
    do {
      try FileManager.default.createDirectory(
        atPath: folder.path, withIntermediateDirectories: false)
    } catch {
      throw .outputUnwritable(path: folder.text, reason: error.localizedDescription)
    }
  }
}
