import Foundation

@testable import SFZ

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
