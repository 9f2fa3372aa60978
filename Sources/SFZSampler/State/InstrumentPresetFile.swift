import Foundation
import SFZ

/// The factory presets an instrument brings: `NAME.presets.json` next to `NAME.sfz`.
///
/// ```json
/// {"presets": [{"number": 100, "name": "Bright", "values": {"filter.enable": true}}]}
/// ```
///
/// Numbers are 100 and up (the library's own are below) and each is used once. A file that
/// cannot be read as that gives one diagnostic naming it, and none of its presets; identifiers
/// the library does not know give one warning naming them, and the presets load without them.
struct InstrumentPresetFile {
  /// The presets read; empty when there is no file or it was refused.
  var presets: [SamplerPreset] = []
  /// The one problem found, if any.
  var diagnostic: SFZDiagnostic?
  /// The file, when there is one.
  var path: String?

  private struct Contents: Decodable {
    var presets: [SamplerPreset]

    private enum CodingKeys: String, CodingKey { case presets }

    /// Collects the identifiers no parameter has, which ``SamplerPreset`` skips.
    var unknown: [String] = []

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      presets = try container.decode([SamplerPreset].self, forKey: .presets)
      var list = try container.nestedUnkeyedContainer(forKey: .presets)
      while !list.isAtEnd {
        let entry = try list.nestedContainer(keyedBy: ValuesKey.self)
        unknown += try entry.decodeIfPresent(ParameterValues.self, forKey: .values)?.unknown ?? []
      }
    }

    private enum ValuesKey: String, CodingKey { case values }
  }

  /// The sidecar file of the instrument at `instrument`.
  static func url(for instrument: URL) -> URL {
    let name = instrument.deletingPathExtension().lastPathComponent
    return instrument.deletingLastPathComponent().appendingPathComponent(name + ".presets.json")
  }

  /// Reads the sidecar file of `instrument`, if it has one.
  init(instrument: URL) {
    let file = Self.url(for: instrument)
    guard FileManager.default.fileExists(atPath: file.path) else { return }
    path = file.path
    do throws(StateError) {
      let contents = try StateJSON.decode(
        Contents.self, from: try StateJSON.read(file), source: file.path)
      try Self.check(contents.presets, source: file.path)
      presets = contents.presets.sorted { $0.number < $1.number }
      let unknown = Array(Set(contents.unknown)).sorted()
      if !unknown.isEmpty {
        diagnostic = SFZDiagnostic(
          severity: .warning, file: file.path, line: 0,
          message: "no parameter is called " + unknown.joined(separator: ", ")
            + "; the presets load without those values")
      }
    } catch {
      diagnostic = SFZDiagnostic(
        severity: .warning, file: file.path, line: 0,
        message: Self.message(error, file: file.path) + "; the instrument's presets are ignored")
    }
  }

  private static func check(_ presets: [SamplerPreset], source: String) throws(StateError) {
    var seen: Set<Int> = []
    for preset in presets {
      guard preset.number >= FactoryPresets.firstInstrumentNumber else {
        throw .corrupt(
          source: source,
          reason: "preset \(preset.number) \"\(preset.name)\": an instrument's presets are "
            + "numbered from \(FactoryPresets.firstInstrumentNumber)")
      }
      guard seen.insert(preset.number).inserted else {
        throw .corrupt(source: source, reason: "preset number \(preset.number) is used twice")
      }
      try preset.checkValues(source: source)
    }
  }

  /// The error's description without the file name the diagnostic already shows.
  private static func message(_ error: StateError, file: String) -> String {
    let text = error.description
    return text.hasPrefix(file + ": ") ? String(text.dropFirst(file.count + 2)) : text
  }
}
