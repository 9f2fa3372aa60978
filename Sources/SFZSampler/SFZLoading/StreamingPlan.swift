import SFZ

/// Which of an instrument's samples stream, and how many frames of each are decoded up front.
///
/// The first frames kept are the preload past the furthest start (`offset` plus
/// `offset_random`) of the regions that play a sample, so every note starts from memory, and
/// through the end of any loop a region plays: the engine's ring buffers move forward only. A
/// backward or alternate loop (loop_type) stays within its loop, so it plays from these frames
/// as well, and the frames reach as far as loop_start_onccN and loop_length_onccN can move a
/// loop point.
/// Samples played backwards and generators are held whole.
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

  /// Frames of `source` to decode first (its length and loop come with them), or nil to
  /// decode it whole.
  func headFrames(for source: String) -> Int? {
    guard settings.mode != .never, !source.hasPrefix("*"), !reversed.contains(source) else {
      return nil
    }
    // an offset in percent of the sample (ARIA's offset_mode) is a frame only once it is decoded
    let regions = regionsBySource[source] ?? []
    // and an oscillator loops its whole sample
    if regions.contains(where: {
      $0.string("offset_mode")?.lowercased() == "percent"
        || $0.string("oscillator")?.lowercased() == "on"
    }) {
      return nil
    }
    let furthestStart =
      (regionsBySource[source] ?? []).map { region in
        max(region.int("offset") ?? 0, 0) + max(region.int("offset_random") ?? 0, 0)
      }.max() ?? 0
    return furthestStart + settings.preloadFrames
  }

  /// Frames of the sample `audio` (decoded with `headFrames(for:)`) to keep in memory, or nil
  /// when it is held whole: the head, extended through the loop of every region that loops,
  /// since a voice's ring buffer only moves forward.
  func residentFrames(for source: String, audio: DecodedAudio) -> Int? {
    guard var frames = headFrames(for: source) else { return nil }
    for region in regionsBySource[source] ?? [] {
      let loops: Bool
      switch Self.loopMode(region) {
      case .loops: loops = true
      case .fromFile: loops = audio.loop != nil
      case .straight: loops = false
      }
      guard loops else { continue }
      // loop_end is the last frame looped; the file's loop end is exclusive
      let lastLooped =
        region.int("loop_end") ?? audio.loop.map { $0.end - 1 } ?? audio.fileFrameCount
      // a controller may move either point later (an inverted loop plays between them)
      let reach = max(lastLooped, region.int("loop_start") ?? 0) + Self.loopMovement(region)
      frames = max(frames, reach + 1 + Self.loopMargin)
    }
    return frames < audio.fileFrameCount ? frames : nil
  }

  /// The furthest the region's loop_start_onccN and loop_length_onccN may move a loop point
  /// later, in frames: their positive depths together (the engine keeps a moved loop within the
  /// resident frames whatever they are).
  private static func loopMovement(_ region: SFZRegion) -> Int {
    region.opcodes.reduce(0) { sum, entry in
      let name = entry.key
      guard name.hasPrefix("loop_start_oncc") || name.hasPrefix("loop_length_oncc"),
        let depth = entry.value.number, depth > 0
      else { return sum }
      return sum + Int(min(depth, Double(Int32.max)))
    }
  }

  /// Frames kept past a loop's end: the interpolation taps there, with room to spare (the
  /// engine checks that the loop and SC_SAMPLE_PADDING frames after it are resident).
  private static let loopMargin = 64

  /// Whether anything may stream, given the size on disk of the samples that could: always
  /// when asked to, never when told not to, and otherwise only past the memory budget.
  func mayStream(fileBytes: @autoclosure () -> Int) -> Bool {
    switch settings.mode {
    case .never: return false
    case .always: return true
    case .automatic: return fileBytes() > settings.memoryBudget
    }
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
