/// Why a sample could not be decoded. Every case names the file (or the label given to raw data).
enum SampleDecodingError: Error, CustomStringConvertible, Equatable {
  /// Nothing exists at the path.
  case fileNotFound(path: String)
  /// The file exists but this process may not read it.
  case permissionDenied(path: String)
  /// The file could not be opened or read for another system reason (e.g. it is a directory).
  case cannotOpen(path: String, reason: String)
  /// The file holds zero bytes.
  case emptyFile(path: String)
  /// The content is not a recognised audio format (e.g. a text file named `.wav`).
  case notAudio(path: String, detail: String)
  /// The file looks like audio but its header is damaged or incomplete.
  case corruptHeader(path: String, detail: String)
  /// The container is known but its sample encoding is not supported.
  case unsupportedEncoding(path: String, detail: String)
  /// The header is valid but describes no audio frames.
  case noFrames(path: String)
  /// Decoding stopped with an error after `frame` frames.
  case readFailed(path: String, frame: Int, detail: String)
  /// Raw sample data whose sizes or values do not agree.
  case invalidRawData(path: String, detail: String)

  /// The file (or raw data label) the error is about.
  var path: String {
    switch self {
    case .fileNotFound(let path), .permissionDenied(let path), .emptyFile(let path),
      .noFrames(let path):
      return path
    case .cannotOpen(let path, _), .notAudio(let path, _), .corruptHeader(let path, _),
      .unsupportedEncoding(let path, _), .readFailed(let path, _, _),
      .invalidRawData(let path, _):
      return path
    }
  }

  var description: String {
    switch self {
    case .fileNotFound(let path):
      return "\(path): file not found"
    case .permissionDenied(let path):
      return "\(path): permission denied"
    case .cannotOpen(let path, let reason):
      return "\(path): cannot open: \(reason)"
    case .emptyFile(let path):
      return "\(path): file is empty (0 bytes)"
    case .notAudio(let path, let detail):
      return "\(path): not a supported audio file: \(detail)"
    case .corruptHeader(let path, let detail):
      return "\(path): corrupt audio header: \(detail)"
    case .unsupportedEncoding(let path, let detail):
      return "\(path): unsupported sample encoding: \(detail)"
    case .noFrames(let path):
      return "\(path): audio file holds no frames"
    case .readFailed(let path, let frame, let detail):
      return "\(path): decoding failed after frame \(frame): \(detail)"
    case .invalidRawData(let path, let detail):
      return "\(path): invalid raw sample data: \(detail)"
    }
  }
}
