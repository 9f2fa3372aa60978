import Foundation

/// Finds files the way instruments made on Windows or macOS expect: the exact path when it
/// exists, otherwise a case-insensitive match, component by component. Directory listings and
/// answers are cached for the duration of one load.
final class PathResolver {
  private var listings: [String: [String]] = [:]
  private var answers: [String: String?] = [:]

  /// Resolves an absolute path; `nil` when no file matches, even ignoring case.
  func resolve(_ path: String) -> String? {
    let normalized = Self.normalize(path)
    if let known = answers[normalized] { return known }
    let answer = find(normalized)
    answers[normalized] = answer
    return answer
  }

  /// Absolute form of `path` with `.` and `..` components removed textually.
  static func normalize(_ path: String) -> String {
    let absolute =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var parts: [Substring] = []
    for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        if !parts.isEmpty { parts.removeLast() }
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }

  /// The file `path` names with every link along it followed, or `path` itself when it does not
  /// exist (a virtual file). An instrument's relative paths are written from where its author
  /// kept it, and a host or user who reaches it through a link (a DAW's session folder links
  /// the files a session uses) must find its samples there, not beside the link.
  static func real(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private func find(_ path: String) -> String? {
    if FileManager.default.fileExists(atPath: path) { return path }
    var current = ""
    for part in path.split(separator: "/") {
      let candidate = current + "/" + part
      if FileManager.default.fileExists(atPath: candidate) {
        current = candidate
        continue
      }
      let wanted = part.lowercased()
      guard
        let match = listing(current.isEmpty ? "/" : current).first(where: {
          $0.lowercased() == wanted
        })
      else { return nil }
      current += "/" + match
    }
    return current
  }

  private func listing(_ directory: String) -> [String] {
    if let cached = listings[directory] { return cached }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    listings[directory] = entries
    return entries
  }
}
