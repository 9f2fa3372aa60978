import Foundation

/// Locates the shared test corpus at `<package root>/../shared/corpus`.
enum Corpus {
  static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while url.path != "/"
      && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
    {
      url = url.deletingLastPathComponent()
    }
    return url
  }()

  static let midi = packageRoot.deletingLastPathComponent()
    .appendingPathComponent("shared/corpus/midi")

  static var isAvailable: Bool {
    FileManager.default.fileExists(atPath: midi.appendingPathComponent("SOURCES.txt").path)
  }

  /// Regular files below `folder`, sorted by path.
  static func files(under folder: URL) -> [URL] {
    let enumerator = FileManager.default.enumerator(
      at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    let urls = (enumerator?.allObjects as? [URL]) ?? []
    return urls.filter {
      (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
    }.sorted { $0.path < $1.path }
  }
}
