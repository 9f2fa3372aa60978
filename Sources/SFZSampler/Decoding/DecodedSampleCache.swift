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
    /// Samples let go to stay within the budget.
    public var evictions = 0
    /// The most bytes of decoded audio held at once.
    public var peakBytes = 0
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

  /// The kept samples, each with the tick it was last used at.
  struct Store {
    var budget = 0
    var entries: [Key: (audio: DecodedAudio, bytes: Int, used: Int)] = [:]
    var bytes = 0
    var tick = 0
    var statistics = Statistics()

    mutating func take(_ key: Key) -> DecodedAudio? {
      guard let entry = entries[key] else { return nil }
      tick += 1
      entries[key]?.used = tick
      statistics.hits += 1
      return entry.audio
    }

    mutating func keep(_ audio: DecodedAudio, for key: Key) {
      statistics.misses += 1
      let size = audio.samples.byteCount
      guard size <= budget, entries[key] == nil else { return }
      tick += 1
      entries[key] = (audio, size, tick)
      bytes += size
      evict()
      statistics.peakBytes = max(statistics.peakBytes, bytes)
    }

    /// Lets the least recently used samples go until the rest fit the budget.
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
