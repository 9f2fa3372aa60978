import Foundation

/// The shared corpus of real instruments and MIDI files, found beside the project as
/// `<project>/../shared/corpus`; benchmarks that need it skip when it is absent.
public enum Corpus {
  /// The Benchmarks package folder.
  public static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while url.path != "/" {
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url
      }
      url.deleteLastPathComponent()
    }
    return url
  }()

  /// The project root (the folder above Benchmarks).
  public static var projectRoot: URL { packageRoot.deletingLastPathComponent() }

  /// The corpus folder.
  public static var root: URL {
    projectRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
  }

  /// Whether the corpus is present.
  public static var isAvailable: Bool {
    FileManager.default.fileExists(atPath: root.appendingPathComponent("instruments").path)
  }

  /// The main SFZ file of each corpus instrument that has its samples.
  public static var instruments: [URL] {
    let paths = [
      "GregSullivan.E-Pianos/CP80/CP80.sfz",
      "GregSullivan.E-Pianos/Wurlitzer EP200/Wurlitzer EP200.sfz",
      "GregSullivan.E-Pianos/Pianet T/Pianet T.sfz",
      "ganjo/ganjo.sfz",
      "kinwie.dim-cabasa/Dim Cabasa.sfz",
      "Discord-SFZ-GM-Bank/Discord GM/Melodic/005-Electric Piano 1.sfz",
      "Discord-SFZ-GM-Bank/Discord GM/Melodic/026-Acoustic Guitar (steel).sfz",
      "Discord-SFZ-GM-Bank/Discord GM/Melodic/045-Tremolo Strings.sfz",
    ]
    return paths.map { root.appendingPathComponent("instruments").appendingPathComponent($0) }
      .filter { FileManager.default.fileExists(atPath: $0.path) }
  }

  /// The bundled demo instrument and song.
  public static var demoInstrument: URL {
    projectRoot.appendingPathComponent("instruments/demo.sfz")
  }

  /// The bundled demo song.
  public static var demoSong: URL { projectRoot.appendingPathComponent("instruments/demo.mid") }
}
