import Foundation

/// The files a song render writes: the mix, and with `--stems` one file per channel that plays
/// (`01-Piano.wav`, `10-Standard.wav`: the two-digit channel number as musicians count, then the
/// program's name). Each is written under a temporary name and all are renamed together at the
/// end, so a failed or interrupted render leaves every earlier file as it was.
final class SongOutputs {
  let mix: AudioFileWriter
  /// Writers of the channels that have an instrument, by channel (0-15).
  let stems: [Int: AudioFileWriter]
  /// The stems' file names, by channel.
  let stemNames: [Int: String]
  private let temporaries: [TemporaryOutput]

  init(
    mix output: GivenPath, stemsFolder: GivenPath?, parts: SongParts, format: OutputFormat,
    sampleRate: Int, removesOnSignal: Bool
  ) throws(SFZPlayError) {
    var temporaries: [TemporaryOutput] = []
    func open(_ path: GivenPath) throws(SFZPlayError) -> AudioFileWriter {
      let temporary = try TemporaryOutput(finalPath: path, removesOnSignal: removesOnSignal)
      temporaries.append(temporary)
      return try AudioFileWriter(
        path: temporary.temporaryPath, displayPath: path.text, format: format,
        sampleRate: sampleRate)
    }
    do {
      mix = try open(output)
      var stems: [Int: AudioFileWriter] = [:]
      var names: [Int: String] = [:]
      if let stemsFolder {
        try Self.makeFolder(stemsFolder)
        let suffix = output.url.pathExtension.isEmpty ? "wav" : output.url.pathExtension
        for channel in 0..<16 {
          guard let name = parts.stemName(channel: channel) else { continue }
          let file = String(format: "%02d-", channel + 1) + name + "." + suffix
          stems[channel] = try open(stemsFolder.appending(file))
          names[channel] = file
        }
      }
      self.stems = stems
      stemNames = names
      self.temporaries = temporaries
    } catch {
      for temporary in temporaries { temporary.discard() }
      throw error
    }
  }

  /// Closes every file and moves each into place.
  func commit() throws(SFZPlayError) {
    try mix.close()
    for writer in stems.values { try writer.close() }
    for temporary in temporaries { try temporary.commit() }
  }

  /// Removes every temporary file.
  func discard() {
    for temporary in temporaries { temporary.discard() }
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
