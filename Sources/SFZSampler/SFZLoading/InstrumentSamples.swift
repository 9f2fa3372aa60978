import Dispatch
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

  /// Decodes every sample the regions use.
  init(decoding regions: [SFZRegion]) {
    sources = Self.distinctSamples(regions)
    position = Dictionary(uniqueKeysWithValues: sources.enumerated().map { ($1, $0) })
    reversedSources = Set(
      regions.filter { RegionMapping.playsReversed($0.string("direction")) }
        .compactMap(\.samplePath))
    decoded = Self.decodeAll(sources)
  }

  /// The decoded audio of `source` (frames dropped once the engine holds them), or nil when it
  /// could not be decoded.
  func audio(_ source: String) -> DecodedAudio? {
    position[source].flatMap { decoded[$0].audio }
  }

  /// Copies every decoded sample (and a reversed copy where a region plays it backwards) into
  /// the engine's instrument; failures are kept for `skippedRegionWarnings`, at `file` until a
  /// region wants the sample.
  mutating func add(to builder: inout EngineInstrumentBuilder, file: String) throws(SamplerError) {
    for (i, source) in sources.enumerated() {
      switch decoded[i] {
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

  /// Decodes every source concurrently; results keep the order of `sources`.
  private static func decodeAll(_ sources: [String]) -> [DecodeOutcome] {
    [DecodeOutcome](unsafeUninitializedCapacity: sources.count) { buffer, count in
      // Each iteration initializes only its own slot.
      nonisolated(unsafe) let base = buffer.baseAddress
      DispatchQueue.concurrentPerform(iterations: sources.count) { i in
        (base! + i).initialize(to: decode(sources[i]))
      }
      count = sources.count
    }
  }

  private static func decode(_ source: String) -> DecodeOutcome {
    if source.hasPrefix("*") {
      return Generators.audio(for: source).map { .success(($0, source)) }
        ?? .failure(.notAudio(path: source, detail: "unknown generator"))
    }
    do throws(SampleDecodingError) {
      return .success((try SampleDecoder.decode(path: source), source))
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
