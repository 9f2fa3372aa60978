import BenchSupport
import Foundation
import Testing

/// The cold-start helper: a file read is cached, and dropping it leaves none of it cached (on a
/// disk file system; tmpfs keeps its files in the cache, so the folder is the package's build
/// folder rather than /tmp).
struct PageCacheTests {
  @Test
  func dropLeavesNothingCached() throws {
    #if os(Linux)
      let folder = Corpus.packageRoot.appendingPathComponent(".build")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let url = folder.appendingPathComponent("page-cache-test-\(getpid()).bin")
      defer { try? FileManager.default.removeItem(at: url) }
      try Data(repeating: 7, count: 4 << 20).write(to: url)
      _ = PageCache.readThroughput([url.path])
      #expect(PageCache.residentBytes([url.path]).resident == 4 << 20)
      #expect(PageCache.drop([url.path]) == 1)
      let after = PageCache.residentBytes([url.path])
      #expect(after.total == 4 << 20)
      #expect(after.resident == 0)
    #endif
  }
}
