import BenchSupport

/// Shows that dropping a file's page cache works here: a few of the instrument's files read
/// right after the drop, then again from the cache.
enum PageCacheCheck {
  /// Files read for the check, spread over the instrument.
  static let fileCount = 12

  static func lines(_ library: BigLibrary) -> [String] {
    let step = max(library.sampleFiles.count / fileCount, 1)
    let files = stride(from: 0, to: library.sampleFiles.count, by: step).prefix(fileCount).map {
      library.sampleFiles[$0]
    }
    let dropped = PageCache.drop(files)
    let afterDrop = PageCache.residentBytes(files)
    let cold = PageCache.readThroughput(files)
    let warm = PageCache.readThroughput(files)
    let afterRead = PageCache.residentBytes(files)
    PageCache.drop(files)
    let share = { (bytes: (resident: Int, total: Int)) in
      100 * Double(bytes.resident) / Double(max(bytes.total, 1))
    }
    return [
      String(
        format: "Page cache check (%d files, %.0f MB): posix_fadvise(DONTNEED) dropped %d; "
          + "cached after the drop %.1f%%, after reading %.1f%%; read cold %.0f MB/s, "
          + "warm %.0f MB/s.",
        files.count, Double(afterDrop.total) / 1e6, dropped, share(afterDrop), share(afterRead),
        cold, warm)
    ]
  }
}
