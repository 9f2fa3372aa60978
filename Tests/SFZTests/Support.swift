import Foundation

@testable import SFZ

/// Locates the shared test corpus at `<package root>/../shared/corpus`.
enum Corpus {
  static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path),
      url.path != "/"
    {
      url.deleteLastPathComponent()
    }
    return url
  }()

  static let root = packageRoot.appendingPathComponent("../shared/corpus").standardized

  static var isAvailable: Bool { FileManager.default.fileExists(atPath: root.path) }

  static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

  /// Every `.sfz` file under the corpus, sorted.
  static func allSFZFiles() -> [URL] {
    guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
    return walker.compactMap { $0 as? String }
      .filter { $0.lowercased().hasSuffix(".sfz") }
      .sorted()
      .map { root.appendingPathComponent($0) }
  }
}

/// Parses inline text at a virtual path inside a fresh temporary folder.
func parse(_ text: String, path: String = "/nonexistent-sfz-test/test.sfz") throws -> SFZInstrument
{
  try SFZInstrument.parse(text: text, path: path)
}

/// A fresh temporary directory for tests that need files.
func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("sfz-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

func write(_ text: String, to url: URL) throws {
  try FileManager.default.createDirectory(
    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  try text.write(to: url, atomically: true, encoding: .utf8)
}

extension SFZInstrument {
  func messages(containing fragment: String) -> [SFZDiagnostic] {
    diagnostics.filter { $0.message.contains(fragment) }
  }
}
