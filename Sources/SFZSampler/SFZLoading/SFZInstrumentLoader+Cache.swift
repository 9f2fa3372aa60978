import CSamplerCore
import Foundation
import SFZ

/// An SFZ file parsed and its regions mapped into the engine's region structs: what
/// ``DecodedSampleCache`` keeps so a later load of the same unchanged instrument only takes its
/// samples from the cache and builds a C instrument of its own.
struct CachedInstrument {
  /// The parsed file (its regions decide the samples, its curves, effects and controls are added
  /// again).
  var parsed: SFZInstrument
  /// The mapping, with the regions it added and skipped recorded.
  var mapped: MappedRegions
  /// The streaming the load decided samples with: another gives other sample slots.
  var streaming: StreamingSettings?
  /// The files it was made from (the SFZ file, its includes, its samples), as they were.
  var sources: [FileStamp]

  /// What it holds, for the cache's budget: the engine regions and modulations, and an estimate
  /// of the parsed opcodes (a dictionary entry each: key, value and the table's own slot).
  var bytes: Int {
    let regions = mapped.added.count * MemoryLayout<sc_region>.stride
    let modulations =
      mapped.added.reduce(0) { $0 + $1.modulations.count } * MemoryLayout<sc_modulation>.stride
    let opcodeBytes = MemoryLayout<String>.stride + MemoryLayout<SFZOpcode>.stride + 16
    let opcodes = parsed.regions.reduce(0) { $0 + $1.opcodes.count } * opcodeBytes
    return regions + modulations + opcodes
  }
}

/// A file's size and modification time (or its absence) when an instrument was made from it.
struct FileStamp: Equatable {
  var path: String
  var size: Int64?
  var modifiedSeconds = 0
  var modifiedNanoseconds = 0

  /// The file as it is now.
  init(path: String) {
    self.path = path
    var info = stat()
    guard stat(path, &info) == 0 else { return }
    size = Int64(info.st_size)
    modifiedSeconds = Int(info.st_mtim.tv_sec)
    modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
  }

  /// Whether the file is still as it was (still absent, when it was).
  var isUnchanged: Bool { FileStamp(path: path) == self }
}

extension SFZInstrumentLoader {
  /// The cache's key for this load; nil when the cache is off.
  var cacheKey: DecodedSampleCache.InstrumentKey? {
    guard DecodedSampleCache.isOn else { return nil }
    return DecodedSampleCache.InstrumentKey(
      path: url.standardizedFileURL.path, strict: strict, defines: defines)
  }

  /// The files a parsed instrument was made from, stamped now; `file` is the SFZ file's stamp
  /// taken before it was read, so a file edited while it was parsed is not taken for the old.
  static func sources(of parsed: SFZInstrument, file: FileStamp) -> [FileStamp] {
    var samples: [String] = []
    var seen = Set<String>()
    for region in parsed.regions {
      // generators (`*sine`) are no files; a missing sample is stamped absent
      guard let path = region.samplePath, !path.hasPrefix("*"), seen.insert(path).inserted
      else { continue }
      samples.append(path)
    }
    return [file] + (parsed.includedFiles + samples).map(FileStamp.init(path:))
  }

  /// Adds a cached mapping's regions, velocity curves and skipped regions again, as mapping
  /// the same regions over the same samples would.
  func replay(
    _ mapped: MappedRegions, _ samples: inout InstrumentSamples,
    into builder: inout EngineInstrumentBuilder
  ) throws(SamplerError) -> MappedRegions {
    for (points, index) in mapped.velocityCurves.sorted(by: { $0.value < $1.value }) {
      _ = builder.setCurve(index, points)
    }
    for (location, source) in mapped.skipped { samples.skip(regionAt: location, using: source) }
    for (region, modulations) in mapped.added {
      let index = try builder.add(region)
      // the mapping said which the engine refused; adding them again refuses the same
      for modulation in modulations { _ = builder.add(modulation, toRegion: index) }
    }
    return mapped
  }
}
