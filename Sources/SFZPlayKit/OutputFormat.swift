import CSndfile

/// The container and sample format of the output, chosen from the file name and `--bit-depth`.
struct OutputFormat: Equatable {
  /// File containers sfzplay writes.
  enum Container: Equatable {
    case wav
    case flac
  }

  var container: Container
  var depth: BitDepth

  /// Picks the container from the name's extension: `.flac` is FLAC, `.wav` (or `.wave`) WAV.
  /// Returns a usage message when the name or the combination is not supported.
  static func make(path: String, depth: BitDepth) -> Result<OutputFormat, UsageProblem> {
    let lower = path.lowercased()
    if lower.hasSuffix(".flac") {
      guard depth != .float32 else {
        return .failure(
          UsageProblem(
            "\(path): FLAC holds integers only; use --bit-depth 16 or 24, or a .wav name"))
      }
      return .success(OutputFormat(container: .flac, depth: depth))
    }
    guard lower.hasSuffix(".wav") || lower.hasSuffix(".wave") else {
      return .failure(UsageProblem("\(path): the output name must end in .wav or .flac"))
    }
    return .success(OutputFormat(container: .wav, depth: depth))
  }

  /// The libsndfile format code.
  var sndfileFormat: Int32 {
    let major = container == .wav ? SF_FORMAT_WAV : SF_FORMAT_FLAC
    let minor: Int
    switch depth {
    case .int16: minor = SF_FORMAT_PCM_16
    case .int24: minor = SF_FORMAT_PCM_24
    case .float32: minor = SF_FORMAT_FLOAT
    }
    return Int32(major | minor)
  }
}

/// A problem with the command line, reported by ArgumentParser together with the usage.
struct UsageProblem: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
