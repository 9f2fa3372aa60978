import Foundation

/// Decoded samples kept between instrument loads in one process, so a program that loads the
/// same instruments again and again (`sfzplay batch`: a bank for each of thousands of songs)
/// decodes each sample file once. It holds at most ``budgetBytes`` of decoded audio and lets
/// the least recently used sample go first. Off (a budget of 0) unless a program turns it on:
/// a sampler that loads once has no use for a second copy of its samples.
///
/// A sample is known by its path, the frames asked for, and the file's size and modification
/// time, so a file changed on disk is decoded again. What it returns is what decoding the file
/// gives, value for value: renders are the same bytes with it or without it.
///
/// Under the same budget and in the same least-recently-used order it keeps instruments too: an
/// SFZ file parsed and its regions mapped (the engine's region structs, before the C instrument
/// is built), so a bank program played by many songs is parsed and mapped once. Each load still
/// builds a C instrument of its own (one with effect chains holds running state); an instrument
/// whose file, includes or samples changed on disk (size or modification time) is loaded anew.
///
/// ```swift
/// DecodedSampleCache.budgetBytes = 2 << 30  // keep up to 2 GB of decoded samples
/// ```
public enum DecodedSampleCache {
  /// The most bytes of decoded audio kept; 0 keeps none (the default). Lowering it evicts.
  public static var budgetBytes: Int {
    get { store.withLock { $0.budget } }
    set {
      store.withLock {
        $0.budget = max(0, newValue); $0.evict()
      }
    }
  }

  /// Counts since the process started: loads served from the cache, decodes done while it was
  /// on, samples evicted, and the most bytes held at once.
  public struct Statistics: Sendable, Equatable {
    /// Samples a load took from the cache.
    public var hits = 0
    /// Samples decoded (and offered to the cache) while it was on.
    public var misses = 0
    /// Samples and instruments let go to stay within the budget.
    public var evictions = 0
    /// The most bytes of decoded audio and instruments held at once.
    public var peakBytes = 0
    /// Instrument loads that took the parsed and mapped instrument from the cache.
    public var instrumentHits = 0
    /// Instruments parsed and mapped (and offered to the cache) while it was on.
    public var instrumentMisses = 0
  }

  /// What the cache has done so far.
  public static var statistics: Statistics { store.withLock { $0.statistics } }

  /// The decoded audio of `path` (its first `frameLimit` frames, or all), from the cache or
  /// from `decode`, which the cache then keeps when it is on.
  static func audio(
    path: String, frameLimit: Int?, decode: () throws(SampleDecodingError) -> DecodedAudio
  ) throws(SampleDecodingError) -> DecodedAudio {
    guard store.withLock({ $0.budget > 0 }), let key = Key(path: path, frameLimit: frameLimit)
    else { return try decode() }
    if let cached = store.withLock({ $0.take(key) }) { return cached }
    let audio = try decode()
    store.withLock { $0.keep(audio, for: key) }
    return audio
  }

  /// The parsed and mapped instrument kept for `key`, when every file it was made from is still
  /// as it was and it was made with the same `streaming`; nil when the cache is off.
  static func instrument(for key: InstrumentKey, streaming: StreamingSettings?)
    -> CachedInstrument?
  {
    guard store.withLock({ $0.budget > 0 }) else { return nil }
    guard let cached = store.withLock({ $0.takeInstrument(key) }),
      cached.streaming == streaming, cached.sources.allSatisfy(\.isUnchanged)
    else { return nil }
    return cached
  }

  /// Keeps `instrument` for `key` when the cache is on.
  static func keep(_ instrument: CachedInstrument, for key: InstrumentKey) {
    store.withLock { store in
      guard store.budget > 0 else { return }
      store.keep(instrument, for: key)
    }
  }

  /// Whether loads should record their mapping for the cache.
  static var isOn: Bool { store.withLock { $0.budget > 0 } }

  /// An instrument load's identity: the file and what its parse depends on besides its files.
  struct InstrumentKey: Hashable {
    var path: String
    var strict: Bool
    var defines: [String: String]
  }

  /// A file's identity: path, frame limit, size and modification time.
  struct Key: Hashable {
    var path: String
    var frameLimit: Int?
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int

    /// Nil when the file cannot be examined: it is decoded (and fails) as without a cache.
    init?(path: String, frameLimit: Int?) {
      var info = stat()
      guard stat(path, &info) == 0 else { return nil }
      self.path = path
      self.frameLimit = frameLimit
      size = Int64(info.st_size)
      modifiedSeconds = Int(info.st_mtim.tv_sec)
      modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
    }
  }

  /// What the cache holds an entry under.
  enum Slot: Hashable {
    case sample(Key)
    case instrument(InstrumentKey)
  }

  /// A kept sample or instrument.
  enum Kept {
    case audio(DecodedAudio)
    case instrument(CachedInstrument)
  }

  /// The kept samples and instruments, each with the tick it was last used at.
  struct Store {
    var budget = 0
    var entries: [Slot: (kept: Kept, bytes: Int, used: Int)] = [:]
    var bytes = 0
    var tick = 0
    var statistics = Statistics()

    mutating func take(_ key: Key) -> DecodedAudio? {
      guard case .audio(let audio) = touch(.sample(key)) else { return nil }
      statistics.hits += 1
      return audio
    }

    mutating func takeInstrument(_ key: InstrumentKey) -> CachedInstrument? {
      guard case .instrument(let instrument) = touch(.instrument(key)) else { return nil }
      statistics.instrumentHits += 1
      return instrument
    }

    mutating func keep(_ audio: DecodedAudio, for key: Key) {
      statistics.misses += 1
      keep(.audio(audio), bytes: audio.samples.byteCount, in: .sample(key))
    }

    mutating func keep(_ instrument: CachedInstrument, for key: InstrumentKey) {
      statistics.instrumentMisses += 1
      // an earlier version of a changed file gives way to the new one
      if let earlier = entries.removeValue(forKey: .instrument(key)) { bytes -= earlier.bytes }
      keep(.instrument(instrument), bytes: instrument.bytes, in: .instrument(key))
    }

    private mutating func touch(_ slot: Slot) -> Kept? {
      guard let entry = entries[slot] else { return nil }
      tick += 1
      entries[slot]?.used = tick
      return entry.kept
    }

    private mutating func keep(_ kept: Kept, bytes size: Int, in slot: Slot) {
      guard size <= budget, entries[slot] == nil else { return }
      tick += 1
      entries[slot] = (kept, size, tick)
      bytes += size
      evict()
      statistics.peakBytes = max(statistics.peakBytes, bytes)
    }

    /// Lets the least recently used entries go until the rest fit the budget.
    mutating func evict() {
      while bytes > budget, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
        entries[oldest.key] = nil
        bytes -= oldest.value.bytes
        statistics.evictions += 1
      }
    }
  }

  private static let store = LockedStore()

  /// The store behind a lock: loads decode on several threads at once.
  private final class LockedStore: @unchecked Sendable {
    private var store = Store()
    private let lock = NSLock()

    func withLock<T>(_ body: (inout Store) throws -> T) rethrows -> T {
      lock.lock()
      defer { lock.unlock() }
      return try body(&store)
    }
  }
}
