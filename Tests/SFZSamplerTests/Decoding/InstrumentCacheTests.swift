import AudioTestSupport
import Foundation
import SFZ
import Testing

@testable import SFZSampler

/// The instruments DecodedSampleCache keeps beside the samples (what `sfzplay batch` turns on):
/// a second load of an unchanged file takes its parsed and mapped regions from the cache and
/// sounds the same, an edited file is loaded anew, and samples and instruments share one budget
/// and one least-recently-used order.
@Suite(.serialized) struct InstrumentCacheTests {
  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("instrument-cache-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func aSecondLoadIsTheCachedMappingAndAnEditedFileIsLoadedAnew() throws {
    let earlierBudget = DecodedSampleCache.budgetBytes
    DecodedSampleCache.budgetBytes = 64 << 20
    defer { DecodedSampleCache.budgetBytes = earlierBudget }
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("sine.sfz")
    try "<region> sample=*sine amp_veltrack=0\n".write(to: url, atomically: true, encoding: .utf8)

    let before = DecodedSampleCache.statistics
    let first = try SemanticsRig(url: url).strike(60)
    let afterFirst = DecodedSampleCache.statistics
    #expect(afterFirst.instrumentMisses > before.instrumentMisses, "the first load maps")
    let second = try SemanticsRig(url: url).strike(60)
    let afterSecond = DecodedSampleCache.statistics
    #expect(afterSecond.instrumentHits > afterFirst.instrumentHits, "the second is cached")
    #expect(second == first, "the cached instrument plays the same samples")

    // opcodes/volume.md: volume is the region's level in dB. The edited file (longer, so its
    // size differs even within one modification-time tick) is parsed again: 6 dB quieter.
    try "<region> sample=*sine amp_veltrack=0 volume=-6\n".write(
      to: url, atomically: true, encoding: .utf8)
    let edited = try SemanticsRig(url: url).strike(60)
    #expect(DecodedSampleCache.statistics.instrumentMisses > afterSecond.instrumentMisses)
    let drop = SemanticsRig.level(edited) - SemanticsRig.level(first)
    #expect(abs(drop - -6) < 0.1, "\(drop) dB")
  }

  @Test func samplesAndInstrumentsShareOneBudgetAndTheLeastRecentlyUsedGoesFirst() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sfz = folder.appendingPathComponent("a.sfz")
    try "<region> sample=*sine\n<region> sample=*saw\n".write(
      to: sfz, atomically: true, encoding: .utf8)
    let instrument = CachedInstrument(
      parsed: try SFZInstrument.load(url: sfz), mapped: MappedRegions(), streaming: nil,
      sources: [FileStamp(path: sfz.path)])
    #expect(instrument.bytes > 0)
    let samples = try ["a", "b"].map { name in
      let path = folder.appendingPathComponent(name + ".wav").path
      try Data(name.utf8).write(to: URL(fileURLWithPath: path))
      return try #require(DecodedSampleCache.Key(path: path, frameLimit: nil))
    }
    // 500 frames of 16-bit mono: 1,000 bytes
    let audio = DecodedAudio(
      samples: .int16([[Int16](repeating: 1, count: 500)]), sampleRate: 48_000, frameCount: 500)
    let key = DecodedSampleCache.InstrumentKey(path: sfz.path, strict: false, defines: [:])
    var store = DecodedSampleCache.Store()
    store.budget = 2_000 + instrument.bytes - 1  // room for one sample and the instrument
    store.keep(audio, for: samples[0])
    store.keep(instrument, for: key)
    #expect(store.take(samples[0]) != nil)  // the sample is now more recent
    store.keep(audio, for: samples[1])
    #expect(store.takeInstrument(key) == nil, "the instrument, least recently used, went")
    #expect(store.take(samples[0]) != nil && store.take(samples[1]) != nil)
    #expect(store.bytes == 2_000 && store.statistics.evictions == 1)
  }
}
