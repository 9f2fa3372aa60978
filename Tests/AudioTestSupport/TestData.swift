import Foundation

/// Where tests find the files they do not write themselves: the package's bundled instruments,
/// and `../shared` beside the package, which holds the corpus of real instruments and MIDI files
/// and the reference renders with their tools. A test that needs one of them skips when it is
/// absent: `@Test(.enabled(if: TestData.exists(TestData.corpusMIDI)))`.
public enum TestData {
  /// The package folder: the nearest folder above this file that holds Package.swift.
  public static let packageRoot: URL = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/",
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
    {
      folder.deleteLastPathComponent()
    }
    return folder
  }()

  /// The bundled instruments: `instruments/` in the package (`demo.sfz` plays `demo.mid`).
  public static let bundledInstruments = packageRoot.appendingPathComponent("instruments")

  /// `../shared` beside the package: the corpus, reference renders and tools.
  public static let shared = packageRoot.deletingLastPathComponent()
    .appendingPathComponent("shared")

  /// The corpus: real instruments, MIDI files, SFZ parser cases and the opcode database
  /// (`spec/opcodes.json`).
  public static let corpus = shared.appendingPathComponent("corpus")

  /// The corpus's real instruments, one folder each.
  public static let corpusInstruments = corpus.appendingPathComponent("instruments")

  /// The corpus's MIDI files, with `SOURCES.txt` and the malformed files of `edge-cases/`.
  public static let corpusMIDI = corpus.appendingPathComponent("midi")

  /// Whether `url` leads to a file or folder: what a test that needs it is enabled on.
  public static func exists(_ url: URL) -> Bool {
    FileManager.default.fileExists(atPath: url.path)
  }

  /// The regular files anywhere under `folder`, sorted by path; with `extensions`, only those
  /// whose lowercased extension is one of them.
  public static func files(under folder: URL, extensions: Set<String>? = nil) -> [URL] {
    let walker = FileManager.default.enumerator(
      at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    let all = (walker?.allObjects as? [URL]) ?? []
    return all.filter { url in
      (extensions?.contains(url.pathExtension.lowercased()) ?? true)
        && (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
    }.sorted { $0.path < $1.path }
  }
}
