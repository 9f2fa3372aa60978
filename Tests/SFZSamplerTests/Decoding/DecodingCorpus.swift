import Foundation

/// The shared corpus of real instruments, found as `<package root>/../shared/corpus`.
enum DecodingCorpus {
  static let root: URL = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/",
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
    {
      folder.deleteLastPathComponent()
    }
    return folder.deletingLastPathComponent().appendingPathComponent("shared/corpus")
  }()

  static let instruments = root.appendingPathComponent("instruments")

  static var isAvailable: Bool {
    FileManager.default.fileExists(atPath: instruments.path)
  }

  /// Every file under `folder` whose extension is one of `extensions` (lowercased), sorted.
  static func files(under folder: URL, extensions: Set<String>) -> [URL] {
    let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    let all = (walker?.allObjects as? [URL]) ?? []
    return all.filter { extensions.contains($0.pathExtension.lowercased()) }
      .sorted { $0.path < $1.path }
  }
}
