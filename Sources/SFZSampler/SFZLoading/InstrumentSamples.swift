import Dispatch
import Foundation
import SFZ

/// The distinct samples of an instrument's regions: decoded once each (in parallel), then
/// copied into the engine's instrument, with the regions skipped because theirs failed.
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
  /// The sources some region plays backwards (direction=reverse).
  private let reversedSources: Set<String>
  private var decoded: [DecodeOutcome]
  private let position: [String: Int]
  /// The engine's index of each source added.
  private(set) var index: [String: Int] = [:]
  /// The engine's index of the reversed copy of each source played backwards.
  private(set) var reversedIndex: [String: Int] = [:]
  private var failures: [String: Failure] = [:]
  /// Which sources keep only their first frames in memory.
  private let streamed: [Bool]

  /// Decodes every sample the regions use: whole, or as `streaming` decides (nil: whole).
  init(decoding regions: [SFZRegion], streaming: StreamingSettings? = nil) {
    let sources = Self.distinctSamples(regions)
    self.sources = sources
    position = Dictionary(uniqueKeysWithValues: sources.enumerated().map { ($1, $0) })
    reversedSources = Set(
      regions.filter { RegionMapping.playsReversed($0.string("direction")) }
        .compactMap(\.samplePath))
    guard let streaming else {
      decoded = Self.decodeAll(sources, frameLimits: sources.map { _ -> Int? in nil })
      streamed = sources.map { _ in false }
      return
    }
    let plan = StreamingPlan(settings: streaming, regions: regions, reversed: reversedSources)
    let heads = sources.map(plan.headFrames(for:))
    guard plan.mayStream(fileBytes: Self.fileBytes(sources, heads)) else {
      // small enough to hold whole: decoded once, as without streaming
      decoded = Self.decodeAll(sources, frameLimits: sources.map { _ -> Int? in nil })
      streamed = sources.map { _ in false }
      return
    }
    var outcomes = Self.decodeAll(sources, frameLimits: heads)
    // the frames each sample keeps, now that its length and loop are known; nil: all of them
    let resident = outcomes.indices.map { i -> Int? in
      guard heads[i] != nil, let audio = outcomes[i].audio else { return nil }
      return plan.residentFrames(for: sources[i], audio: audio)
    }
    // what was decoded in part but needs more (a loop past the preload) or all, decoded again
    let redo = outcomes.indices.filter { i in
      guard heads[i] != nil, let audio = outcomes[i].audio else { return false }
      return audio.frameCount < min(resident[i] ?? .max, audio.fileFrameCount)
    }
    let again = Self.decodeAll(redo.map { sources[$0] }, frameLimits: redo.map { resident[$0] })
    for (i, outcome) in zip(redo, again) { outcomes[i] = outcome }
    decoded = outcomes
    streamed = resident.map { $0 != nil }
  }

  /// Samples that keep only their first frames in memory.
  var streamedCount: Int { streamed.filter { $0 }.count }

  /// The decoded audio of `source` (frames dropped once the engine holds them), or nil when it
  /// could not be decoded.
  func audio(_ source: String) -> DecodedAudio? {
    position[source].flatMap { decoded[$0].audio }
  }

  /// Copies every decoded sample (and a reversed copy where a region plays it backwards) into
  /// the engine's instrument; failures are kept for `skippedRegionWarnings`, at `file` until a
  /// region wants the sample.
  mutating func add(
    to builder: inout EngineInstrumentBuilder, file: String, streamFiles: StreamFiles?
  ) throws(SamplerError) {
    for (i, source) in sources.enumerated() {
      switch decoded[i] {
      case .success(let audio) where streamed[i]:
        let entry = StreamFiles.Entry(
          path: source, format: audio.0.samples.format, channels: audio.0.samples.channelCount)
        guard let key = streamFiles?.register(entry) else { preconditionFailure("no stream files") }
        index[source] = try builder.add(audio.0, source: source, streamKey: key)
        // region mapping checks offsets and loops against the whole sample
        var described = audio.0.withoutFrames()
        described.frameCount = audio.0.fileFrameCount
        decoded[i] = .success((described, audio.1))
      case .success(let audio):
        index[source] = try builder.add(audio.0, source: source)
        if reversedSources.contains(source) {
          // Playing backwards reads a reversed copy, so the interpolation kernels stay forward.
          reversedIndex[source] = try builder.add(audio.0.reversed(), source: source)
        }
        // The engine holds its own copy now: keep only what region mapping reads, so loading
        // never holds two copies of every sample at once.
        decoded[i] = .success((audio.0.withoutFrames(), audio.1))
      case .failure(let error):
        failures[source] = Failure(
          error: error.description, regions: 0, location: SFZLocation(file: file, line: 0))
      }
    }
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

  /// Decodes every source concurrently, each whole or up to its frame limit; results keep the
  /// order of `sources`.
  private static func decodeAll(_ sources: [String], frameLimits: [Int?]) -> [DecodeOutcome] {
    [DecodeOutcome](unsafeUninitializedCapacity: sources.count) { buffer, count in
      // Each iteration initializes only its own slot.
      nonisolated(unsafe) let base = buffer.baseAddress
      DispatchQueue.concurrentPerform(iterations: sources.count) { i in
        (base! + i).initialize(to: decode(sources[i], frameLimit: frameLimits[i]))
      }
      count = sources.count
    }
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

  private static func decode(_ source: String, frameLimit: Int?) -> DecodeOutcome {
    if source.hasPrefix("*") {
      return Generators.audio(for: source).map { .success(($0, source)) }
        ?? .failure(.notAudio(path: source, detail: "unknown generator"))
    }
    do throws(SampleDecodingError) {
      return .success((try SampleDecoder.decode(path: source, frameLimit: frameLimit), source))
    } catch {
      return .failure(error)
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
