import Foundation

/// Finds the bundled demo (`demo.sfz` and `demo.mid` in an `instruments` folder): first in
/// `$SFZPLAY_INSTRUMENTS`, then in `./instruments`, then in the package this tool was built from.
enum DemoLocator {
  /// The demo's instrument and song.
  struct Demo {
    var instrument: String
    var song: String
  }

  static func find(
    environment: [String: String], currentFolder: String
  ) throws(SFZPlayError) -> Demo {
    var folders: [String] = []
    if let folder = environment["SFZPLAY_INSTRUMENTS"], !folder.isEmpty {
      folders.append(folder)
    }
    folders.append(URL(fileURLWithPath: currentFolder).appendingPathComponent("instruments").path)
    folders.append(
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("instruments").path)
    for folder in folders {
      let instrument = (folder as NSString).appendingPathComponent("demo.sfz")
      let song = (folder as NSString).appendingPathComponent("demo.mid")
      if FileManager.default.fileExists(atPath: instrument),
        FileManager.default.fileExists(atPath: song)
      {
        return Demo(instrument: instrument, song: song)
      }
    }
    throw .demoNotFound(searched: folders)
  }
}
