import Dispatch
import Foundation
import SFZ

/// The distinct samples of an instrument's regions: each decoded once and copied into the
/// engine's instrument by the same worker (in parallel), with the regions skipped because theirs
/// failed.
struct InstrumentSamples {
  /// A sample that could not be decoded, and the regions that wanted it.
  struct Failure {
    var error: String
    var regions: Int
    /// The first region that wanted it (the file itself until one does).
    var location: SFZLocation
  }

  /// Sample paths and generator names, in first-use order.
  let sources: [String]
  /// What region mapping reads of each source (no frames: the engine holds them), or why it
  /// could not be decoded.
  private var decoded: [DecodeOutcome]
  private let position: [String: Int]
  /// The engine's index of each source added.
  private(set) var index: [String: Int] = [:]
  /// The engine's index of the reversed copy of each source played backwards.
  private(set) var reversedIndex: [String: Int] = [:]
  private var failures: [String: Failure] = [:]
  /// Which sources keep only their first frames in memory.
  private let streamed: [Bool]

  /// Decodes every sample the regions use, whole or as `streaming` decides (nil: whole), into
  /// `builder`, a reversed copy too where a region plays a sample backwards; failures are kept
  /// for `skippedRegionWarnings`, at `file` until a region wants the sample.
  init(
    decoding regions: [SFZRegion], streaming: StreamingSettings? = nil,
    into builder: inout EngineInstrumentBuilder, file: String, streamFiles: StreamFiles?
  ) throws(SamplerError) {
    let sources = Self.distinctSamples(regions)
    self.sources = sources
    position = Dictionary(uniqueKeysWithValues: sources.enumerated().map { ($1, $0) })
    let reversedSources = Set(
      regions.filter { RegionMapping.playsReversed($0.string("direction")) }
        .compactMap(\.samplePath))
    let plan = streaming.map {
      StreamingPlan(settings: $0, regions: regions, reversed: reversedSources)
    }
    var heads = sources.map { source in plan?.headFrames(for: source) }
    if let plan, !plan.mayStream(fileBytes: Self.fileBytes(sources, heads)) {
      // small enough to hold whole: decoded once, as without streaming
      heads = sources.map { _ in nil }
    }
    // a slot per source, then one per reversed copy
    let reversedSlot = Dictionary(
      uniqueKeysWithValues: sources.filter(reversedSources.contains).enumerated().map {
        ($1, sources.count + $0)
      })
    let first = try builder.reserveSamples(sources.count + reversedSlot.count)
    let work = SampleWork(
      sources: sources, heads: heads, plan: plan, slots: builder.slots, first: first,
      reversedSlot: reversedSlot, streamFiles: streamFiles)
    let outcomes = work.run()
    decoded = outcomes.map(\.outcome)
    streamed = outcomes.map(\.streamed)
    for (i, outcome) in outcomes.enumerated() {
      if let refused = outcome.refused { throw refused }
      switch outcome.outcome {
      case .success:
        index[sources[i]] = first + i
        if let slot = reversedSlot[sources[i]] { reversedIndex[sources[i]] = first + slot }
      case .failure(let error):
        failures[sources[i]] = Failure(
          error: error.description, regions: 0, location: SFZLocation(file: file, line: 0))
      }
    }
  }

  /// Samples that keep only their first frames in memory.
  var streamedCount: Int { streamed.filter { $0 }.count }

  /// The decoded audio of `source` (frames dropped once the engine holds them), or nil when it
  /// could not be decoded.
  func audio(_ source: String) -> DecodedAudio? {
    position[source].flatMap { decoded[$0].audio }
  }

  /// Counts a region skipped because its sample failed to decode.
  mutating func skip(regionAt location: SFZLocation, using source: String) {
    guard var failure = failures[source] else { return }
    if failure.regions == 0 { failure.location = location }
    failure.regions += 1
    failures[source] = failure
  }

  /// One warning per undecodable sample that some region wanted.
  func skippedRegionWarnings() -> [SFZDiagnostic] {
    failures.sorted { $0.key < $1.key }.filter { $0.value.regions > 0 }.map { source, failure in
      SFZDiagnostic(
        .warning, at: failure.location,
        "\(failure.error); \(failure.regions) region(s) using '\(source)' skipped")
    }
  }

  /// Sample paths (and generator names) in first-use order, each once.
  private static func distinctSamples(_ regions: [SFZRegion]) -> [String] {
    var seen = Set<String>()
    var order: [String] = []
    for region in regions {
      guard let source = region.samplePath, region.sampleExists, !seen.contains(source) else {
        continue
      }
      seen.insert(source)
      order.append(source)
    }
    return order
  }

  /// The size on disk of the sources that could stream: what `.automatic` weighs against the
  /// budget before anything is opened (decoded, a WAV takes about its size, a FLAC or WavPack
  /// file about twice), so an instrument that fits is decoded once, whole, with no more
  /// allocation than without streaming.
  private static func fileBytes(_ sources: [String], _ heads: [Int?]) -> Int {
    zip(sources, heads).reduce(0) { sum, source in
      guard source.1 != nil,
        let size = try? FileManager.default.attributesOfItem(atPath: source.0)[.size] as? Int
      else { return sum }
      return sum + size
    }
  }
}

/// A decoded sample with its source, or why it could not be decoded.
enum DecodeOutcome: Sendable {
  case success((DecodedAudio, String))
  case failure(SampleDecodingError)

  var audio: DecodedAudio? {
    if case .success(let value) = self { return value.0 }
    return nil
  }
}
