import SFZ

/// Which of an instrument's samples stream, and how many frames of each are decoded up front.
///
/// A sample streams only when it is played straight through: the engine's ring buffers move
/// forward only, so a sample that some region loops, plays backwards, or that is a generator
/// is held whole. The first frames kept are the preload past the furthest start (`offset`
/// plus `offset_random`) of the regions that play it, so every note starts from memory.
struct StreamingPlan {
  let settings: StreamingSettings
  /// The regions of each source.
  private let regionsBySource: [String: [SFZRegion]]
  private let reversed: Set<String>

  init(settings: StreamingSettings, regions: [SFZRegion], reversed: Set<String>) {
    self.settings = settings
    regionsBySource = Dictionary(grouping: regions.filter { $0.samplePath != nil }) {
      $0.samplePath!
    }
    self.reversed = reversed
  }

  /// Frames of `source` to decode now, or nil to decode it whole.
  func headFrames(for source: String) -> Int? {
    guard settings.mode != .never, !source.hasPrefix("*"), !reversed.contains(source) else {
      return nil
    }
    let regions = regionsBySource[source] ?? []
    guard !regions.contains(where: { Self.loopMode($0) == .loops }) else { return nil }
    let furthestStart =
      regions.map { region in
        max(region.int("offset") ?? 0, 0) + max(region.int("offset_random") ?? 0, 0)
      }.max() ?? 0
    return furthestStart + settings.preloadFrames
  }

  /// Whether `outcome`, decoded with `headFrames(for:)`, holds only part of its sample and may
  /// stream: not when the whole sample was shorter, nor when a region without a loop_mode will
  /// loop it because the file has a loop.
  func isPartial(_ outcome: DecodeOutcome, source: String) -> Bool {
    guard headFrames(for: source) != nil, let audio = outcome.audio,
      audio.frameCount < audio.fileFrameCount
    else { return false }
    let fileLoops = audio.loop != nil
    return !(regionsBySource[source] ?? []).contains { Self.loopMode($0) == .fromFile && fileLoops }
  }

  /// Whether to stream at all: always when asked to, otherwise only when the samples held whole
  /// would exceed the memory budget.
  func shouldStream(_ outcomes: [DecodeOutcome], partial: [Bool]) -> Bool {
    guard partial.contains(true) else { return false }
    if settings.mode == .always { return true }
    let wholeBytes = outcomes.compactMap(\.audio).reduce(0) { sum, audio in
      sum + audio.fileFrameCount * audio.samples.channelCount * audio.samples.format.bytesPerSample
    }
    return wholeBytes > settings.memoryBudget
  }

  private enum LoopChoice { case loops, fromFile, straight }

  /// What a region's loop_mode says about looping (RegionMapping+Playback reads it the same
  /// way: no loop_mode loops when the file has a loop).
  private static func loopMode(_ region: SFZRegion) -> LoopChoice {
    switch region.string("loop_mode")?.lowercased() {
    case nil: return .fromFile
    case "loop_continuous", "loop_sustain": return .loops
    default: return .straight
    }
  }
}
