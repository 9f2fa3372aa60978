/// How a sampler holds an instrument's samples: whole in memory, or only the first frames of
/// each in memory with the rest read from disk while notes play (streaming), as samplers of
/// large libraries do.
///
/// The default streams only what needs it: an instrument whose sample files take up to
/// ``memoryBudget`` on disk (128 MB, which loads whole in under a second on two cores) is held
/// whole, so nothing can be late; a larger one (a concert grand of a gigabyte or more) streams,
/// so it too is playable in about a second, without a flag, in a fraction of the memory.
///
/// ```swift
/// let sampler = Sampler(streaming: StreamingSettings(mode: .always, preloadFrames: 16_384))
/// ```
public struct StreamingSettings: Sendable, Equatable {
  /// When samples are streamed.
  public enum Mode: Sendable, Equatable {
    /// Stream when the instrument's sample files are larger than
    /// ``StreamingSettings/memoryBudget`` (judged from their size on disk, before anything is
    /// decoded: decoded, a WAV takes about its size, a FLAC or WavPack file about twice).
    case automatic
    /// Stream every sample longer than its preload.
    case always
    /// Hold every sample whole; no reader thread, no ring buffers.
    case never
  }

  /// When samples are streamed.
  public var mode: Mode
  /// Frames of each streamed sample kept in memory, past the furthest `offset` a region starts
  /// at: the time the reader has to catch up when a note starts. 16,384 frames is 0.34 s at
  /// 48 kHz, many times what an SSD (or a disk's seek) and a FLAC decode take, and 64 KB per
  /// stereo 16-bit sample: an 800-sample piano keeps about 53 MB.
  public var preloadFrames: Int
  /// Bytes: the size of sample files past which `.automatic` streams, and the sample memory a
  /// streamed instrument may hold (loading refuses to exceed it).
  public var memoryBudget: Int
  /// Frames of each voice's ring buffer: how far ahead of the play position the reader may
  /// read (16,384 frames is 0.34 s at 48 kHz; 128 KB of address space per voice, used only by
  /// voices that stream).
  public var ringFrames: Int

  /// Settings; every value has the default described on its property.
  public init(
    mode: Mode = .automatic, preloadFrames: Int = 16_384, memoryBudget: Int = 128 << 20,
    ringFrames: Int = 16_384
  ) {
    self.mode = mode
    self.preloadFrames = max(preloadFrames, 1)
    self.memoryBudget = max(memoryBudget, 0)
    self.ringFrames = min(max(ringFrames, 1_024), 1 << 24)
  }
}

/// What streaming has done so far, for meters and tests.
public struct StreamingStatistics: Sendable, Equatable {
  /// Samples of the current instrument read from disk while they play.
  public var streamedSamples: Int
  /// Bytes of sample memory the current instrument holds.
  public var residentSampleBytes: Int
  /// Voices that faded out because the reader had not read their frames in time (live
  /// rendering; offline rendering waits instead). Counted since the sampler was created.
  public var underruns: Int
  /// Streams whose file could not be opened or read (moved, deleted, damaged after loading).
  public var readFailures: Int
  /// CPU time the reader thread has used.
  public var readerCPUSeconds: Double
  /// Whether the system let the reader thread raise its priority above other processes' threads
  /// (Linux grants it to root and to users with a nice limit, as audio setups configure), so
  /// that it keeps up when other work fills every core. False before the reader first runs.
  public var readerPriorityRaised: Bool

  /// Nothing streamed, read or missed: a sampler's statistics before it plays.
  public static let none = StreamingStatistics(
    streamedSamples: 0, residentSampleBytes: 0, underruns: 0, readFailures: 0,
    readerCPUSeconds: 0, readerPriorityRaised: false)

  /// The statistics of several samplers together (an ensemble's instruments): counts and
  /// times added, the priority raised when any reader's was.
  public static func sum(_ all: [StreamingStatistics]) -> StreamingStatistics {
    all.reduce(into: none) { total, one in
      total.streamedSamples += one.streamedSamples
      total.residentSampleBytes += one.residentSampleBytes
      total.underruns += one.underruns
      total.readFailures += one.readFailures
      total.readerCPUSeconds += one.readerCPUSeconds
      total.readerPriorityRaised = total.readerPriorityRaised || one.readerPriorityRaised
    }
  }
}
