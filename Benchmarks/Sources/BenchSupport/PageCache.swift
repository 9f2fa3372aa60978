import Foundation

/// The kernel's page cache of individual files: dropping it, so a benchmark reads from disk
/// as a cold start would, and measuring how much of a file it holds.
public enum PageCache {
  /// Writes back and then drops the cached pages of each file (`posix_fadvise` with
  /// `POSIX_FADV_DONTNEED`); returns how many files it could open and drop. Pages another process
  /// maps or dirties meanwhile may stay. A no-op returning 0 where `posix_fadvise` is missing.
  @discardableResult
  public static func drop(_ paths: [String]) -> Int {
    #if os(Linux)
      var dropped = 0
      for path in paths {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { continue }
        // Dirty pages (a file just written) cannot be dropped until they are on disk.
        _ = fdatasync(fd)
        if posix_fadvise(fd, 0, 0, Int32(POSIX_FADV_DONTNEED)) == 0 { dropped += 1 }
        close(fd)
      }
      return dropped
    #else
      return 0
    #endif
  }

  /// Bytes of the files that are in the page cache now, and their total size (`mincore` over a
  /// read-only mapping of each file; the mapping itself reads nothing). Linux only: elsewhere
  /// the resident figure is 0.
  public static func residentBytes(_ paths: [String]) -> (resident: Int, total: Int) {
    #if os(Linux)
      return linuxResidentBytes(paths)
    #else
      return (0, paths.reduce(0) { $0 + fileSize($1) })
    #endif
  }

  private static func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0
  }

  #if os(Linux)
    private static func linuxResidentBytes(_ paths: [String]) -> (resident: Int, total: Int) {
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      var resident = 0
      var total = 0
      for path in paths {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { continue }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { continue }
        let size = Int(info.st_size)
        total += size
        let failed = UnsafeMutableRawPointer(bitPattern: -1)
        guard let map = mmap(nil, size, PROT_READ, MAP_SHARED, fd, 0), map != failed else {
          continue
        }
        defer { munmap(map, size) }
        var pages = [UInt8](repeating: 0, count: (size + page - 1) / page)
        guard mincore(map, size, &pages) == 0 else { continue }
        resident += pages.reduce(0) { $0 + Int($1 & 1) } * page
      }
      return (min(resident, total), total)
    }
  #endif

  /// Reads the files through and returns megabytes per second (1 MB = 10^6 bytes).
  public static func readThroughput(_ paths: [String]) -> Double {
    let chunk = 1 << 20
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
    defer { buffer.deallocate() }
    let start = ThreadCPUClock.wall()
    var bytes = 0
    for path in paths {
      let fd = open(path, O_RDONLY)
      guard fd >= 0 else { continue }
      while true {
        let got = read(fd, buffer, chunk)
        if got <= 0 { break }
        bytes += got
      }
      close(fd)
    }
    return Double(bytes) / 1e6 / max(ThreadCPUClock.wall() - start, 1e-9)
  }
}
