#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks that a path can be read and identifies its container from the first bytes, so format
/// choice follows content rather than the file name, and system errors (missing file, no
/// permission) get their own error cases instead of a generic decoder message.
enum SampleFileProbe {
  /// Containers that need their own decoding path.
  enum Container: Equatable {
    /// Starts with a WavPack block header ("wvpk").
    case wavPack
    /// RIFF/WAVE, whose `smpl` chunk is read directly.
    case riffWave
    /// Native FLAC ("fLaC", or an ID3v2 tag first), which may carry foreign RIFF chunks.
    case flac
    /// Anything else: left to libsndfile to recognise or reject.
    case other
  }

  /// Reads the first bytes of `path` and names the container.
  static func container(ofFileAt path: String) throws(SampleDecodingError) -> Container {
    let head = try readHead(path: path, count: 12)
    if head.isEmpty { throw .emptyFile(path: path) }
    if head.starts(with: Array("wvpk".utf8)) { return .wavPack }
    if head.starts(with: Array("fLaC".utf8)) || head.starts(with: Array("ID3".utf8)) {
      return .flac
    }
    if head.count >= 12, head.starts(with: Array("RIFF".utf8)),
      head[8..<12].elementsEqual("WAVE".utf8)
    {
      return .riffWave
    }
    return .other
  }

  private static func readHead(path: String, count: Int) throws(SampleDecodingError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw systemError(errno, path: path) }
    defer { close(descriptor) }
    var head = [UInt8](repeating: 0, count: count)
    let got = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, count) }
    guard got >= 0 else { throw systemError(errno, path: path) }
    return Array(head.prefix(got))
  }

  private static func systemError(_ code: Int32, path: String) -> SampleDecodingError {
    switch code {
    case ENOENT, ENOTDIR: return .fileNotFound(path: path)
    case EACCES, EPERM: return .permissionDenied(path: path)
    default: return .cannotOpen(path: path, reason: String(cString: strerror(code)))
    }
  }
}
