import BenchSupport
import Foundation
import SFZ

/// The instrument under test: its SFZ file, the sample files it names and the notes that play
/// its sustain regions. By default the synthetic instrument `make big-library` writes.
struct BigLibrary {
  /// One sustain region as a note to play: its key and velocity range, and its sample file.
  struct Note: Hashable {
    /// The key (the middle of the region's key range).
    var key: UInt8
    /// The velocities that select the region.
    var velocities: ClosedRange<UInt8>
    /// The region's sample file.
    var samplePath: String
  }

  /// The SFZ file.
  let sfz: URL
  /// Every distinct sample file the regions name (release samples included), sorted.
  let sampleFiles: [String]
  /// The sustain regions (those without `trigger`) as notes.
  let notes: [Note]

  /// The instrument `make big-library` writes: `big-library.sfz` in `$BIG_LIBRARY_DIR`, or in
  /// `~/sfzsampler-big-library` when that is unset.
  static var defaultInstrument: URL {
    let environment = ProcessInfo.processInfo.environment
    let folder =
      environment["BIG_LIBRARY_DIR"].flatMap { $0.isEmpty ? nil : $0 }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(
        "sfzsampler-big-library"
      ).path
    return URL(fileURLWithPath: folder).appendingPathComponent("big-library.sfz")
  }

  /// Reads the SFZ file (not its samples).
  init(sfz: URL) throws(BenchError) {
    let instrument: SFZInstrument
    do {
      instrument = try SFZInstrument.load(url: sfz)
    } catch {
      throw .file(path: sfz.path, reason: "\(error)")
    }
    self.sfz = sfz
    let playable = instrument.regions.filter { $0.sampleExists && $0.samplePath?.first == "/" }
    sampleFiles = Set(playable.compactMap(\.samplePath)).sorted()
    notes = playable.filter { $0.string("trigger") == nil }.map { region in
      let low = region.note("lokey") ?? region.note("key") ?? 60
      let high = region.note("hikey") ?? region.note("key") ?? low
      let lowVelocity = UInt8(min(max(region.int("lovel") ?? 1, 1), 127))
      let highVelocity = UInt8(min(max(region.int("hivel") ?? 127, Int(lowVelocity)), 127))
      return Note(
        key: UInt8(min(max((low + high) / 2, 0), 127)), velocities: lowVelocity...highVelocity,
        samplePath: region.samplePath ?? "")
    }
    guard !notes.isEmpty else { throw .file(path: sfz.path, reason: "no sustain region plays") }
  }

  /// Bytes of all sample files on disk.
  var sampleFileBytes: Int {
    sampleFiles.reduce(0) { total, path in
      total + (((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0)
    }
  }
}
