import Dispatch

/// The loading work of each distinct sample, run in parallel: decode it (its first frames when
/// it streams, again further when its loop needs more), copy it into its reserved slot of the
/// engine's instrument (and a reversed copy into another), then let the decoded buffer go on the
/// same worker, so that decoded copies never pile up.
struct SampleWork {
  let sources: [String]
  /// Frames to decode first per source; nil decodes it whole (and it is held whole).
  let heads: [Int?]
  let plan: StreamingPlan?
  let slots: SampleSlots
  /// The instrument's index of the first source's slot; the others follow in order.
  let first: Int
  /// Sources played backwards, by their reversed copy's slot (relative to `first`).
  let reversedSlot: [String: Int]
  let streamFiles: StreamFiles?

  /// What became of one source.
  struct Outcome {
    /// Its audio without frames (what region mapping reads; a streamed sample's frame count is
    /// the file's), or why it could not be decoded.
    var outcome: DecodeOutcome
    var streamed = false
    /// Set when the engine refused a decoded sample (out of memory): the load fails.
    var refused: SamplerError?
  }

  /// Every source's outcome, in the order of `sources`.
  func run() -> [Outcome] {
    [Outcome](unsafeUninitializedCapacity: sources.count) { buffer, count in
      // Each iteration initializes only its own slot of the buffer and of the instrument.
      nonisolated(unsafe) let base = buffer.baseAddress
      DispatchQueue.concurrentPerform(iterations: sources.count) { i in
        (base! + i).initialize(to: load(i))
      }
      count = sources.count
    }
  }

  private func load(_ i: Int) -> Outcome {
    let source = sources[i]
    var outcome = Self.decode(source, frameLimit: heads[i])
    guard var audio = outcome.audio else { return Outcome(outcome: outcome) }
    // the frames it keeps, now that its length and loop are known; nil: all of them
    let resident = heads[i] == nil ? nil : plan?.residentFrames(for: source, audio: audio)
    if heads[i] != nil, audio.frameCount < min(resident ?? .max, audio.fileFrameCount) {
      // decoded in part but needs more (a loop past the preload) or all
      outcome = Self.decode(source, frameLimit: resident)
      guard let again = outcome.audio else { return Outcome(outcome: outcome) }
      audio = again
    }
    do throws(SamplerError) {
      if resident != nil {
        let entry = StreamFiles.Entry(
          path: source, format: audio.samples.format, channels: audio.samples.channelCount)
        guard let key = streamFiles?.register(entry) else { preconditionFailure("no stream files") }
        try slots.set(first + i, to: audio, source: source, streamKey: key)
        // region mapping checks offsets and loops against the whole sample
        var described = audio.withoutFrames()
        described.frameCount = audio.fileFrameCount
        return Outcome(outcome: .success((described, source)), streamed: true)
      }
      try slots.set(first + i, to: audio, source: source)
      if let slot = reversedSlot[source] {
        // Playing backwards reads a reversed copy, so the interpolation kernels stay forward.
        try slots.set(first + slot, to: audio.reversed(), source: source)
      }
      return Outcome(outcome: .success((audio.withoutFrames(), source)))
    } catch {
      return Outcome(outcome: .success((audio.withoutFrames(), source)), refused: error)
    }
  }

  private static func decode(_ source: String, frameLimit: Int?) -> DecodeOutcome {
    if source.hasPrefix("*") {
      return Generators.audio(for: source).map { .success(($0, source)) }
        ?? .failure(.notAudio(path: source, detail: "unknown generator"))
    }
    do throws(SampleDecodingError) {
      let audio = try DecodedSampleCache.audio(path: source, frameLimit: frameLimit) {
        () throws(SampleDecodingError) in
        try SampleDecoder.decode(path: source, frameLimit: frameLimit)
      }
      return .success((audio, source))
    } catch {
      return .failure(error)
    }
  }
}
