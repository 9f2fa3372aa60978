/// Why the report could not be made.
enum ReportError: Error, CustomStringConvertible {
  case unreadable(String, String)
  case failed(String)
  case usage(String)

  var description: String {
    switch self {
    case .unreadable(let path, let why): "\(path): \(why)"
    case .failed(let command): "failed: \(command)"
    case .usage(let text): text
    }
  }
}
