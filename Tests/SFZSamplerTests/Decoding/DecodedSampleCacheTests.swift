import Foundation
import Testing

@testable import SFZSampler

/// The decoded-sample cache `sfzplay batch` turns on: it keeps at most its budget, lets the
/// least recently used sample go first, and knows a file changed on disk.
@Suite final class DecodedSampleCacheTests {
  /// Where this test's files are, removed when it ends.
  private let fixtures: DecodingFixtures

  init() throws {
    fixtures = try DecodingFixtures()
  }

  /// A mono 16-bit sample of `frames` frames: 2 bytes a frame.
  static func audio(frames: Int) -> DecodedAudio {
    DecodedAudio(
      samples: .int16([[Int16](repeating: 1, count: frames)]), sampleRate: 48_000,
      frameCount: frames)
  }

  /// Three files on disk, for their keys.
  func keys() throws -> [DecodedSampleCache.Key] {
    try ["a", "b", "c"].map { name in
      let path = fixtures.path(name + ".wav")
      try Data(name.utf8).write(to: URL(fileURLWithPath: path))
      return try #require(DecodedSampleCache.Key(path: path, frameLimit: nil))
    }
  }

  @Test func theLeastRecentlyUsedSampleGoesFirstWhenTheBudgetIsFull() throws {
    let keys = try keys()
    var store = DecodedSampleCache.Store()
    store.budget = 2_000  // two samples of 500 frames (1,000 bytes each), not three
    store.keep(Self.audio(frames: 500), for: keys[0])
    store.keep(Self.audio(frames: 500), for: keys[1])
    #expect(store.take(keys[0]) != nil)  // a is now more recent than b
    store.keep(Self.audio(frames: 500), for: keys[2])
    #expect(store.bytes == 2_000)
    #expect(store.take(keys[1]) == nil, "b, the least recently used, went")
    #expect(store.take(keys[0]) != nil && store.take(keys[2]) != nil)
    #expect(store.statistics.evictions == 1)
    // a sample larger than the whole budget is not kept, and evicts nothing
    store.keep(Self.audio(frames: 1_001), for: keys[1])
    #expect(store.take(keys[1]) == nil && store.bytes == 2_000)
  }

  @Test func aFileChangedOnDiskIsAnotherSample() throws {
    let key = try #require(try keys().first)
    try Data("longer".utf8).write(to: URL(fileURLWithPath: key.path))
    let changed = try #require(DecodedSampleCache.Key(path: key.path, frameLimit: nil))
    #expect(changed != key)
    #expect(DecodedSampleCache.Key(path: key.path, frameLimit: 1_024) != changed)
  }
}
