import Foundation

/// Writes a file so that a reader finds either the earlier file or the whole new one, never a
/// part, even after a crash: the bytes go to a hidden file in the same folder, are flushed to
/// the disk, and the file is then renamed over the target.
enum AtomicFile {
  /// The prefix of the hidden file's name; the user preset folder leaves such files alone.
  static let temporaryPrefix = "."

  static func write(_ data: Data, to url: URL) throws(StateError) {
    let temporary = url.deletingLastPathComponent().appendingPathComponent(
      "\(temporaryPrefix)\(url.lastPathComponent).\(UUID().uuidString).tmp"
    ).path
    let failure = { (reason: String) -> StateError in
      unlink(temporary)
      return .unwritable(path: url.path, reason: reason)
    }
    let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard file >= 0 else { throw .unwritable(path: url.path, reason: Self.systemReason) }
    let complete = data.withUnsafeBytes { bytes in
      var done = 0
      while done < bytes.count {
        let n = Foundation.write(file, bytes.baseAddress! + done, bytes.count - done)
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return false }
        done += n
      }
      return true
    }
    guard complete, fsync(file) == 0 else {
      let reason = Self.systemReason
      close(file)
      throw failure(reason)
    }
    guard close(file) == 0 else { throw failure(Self.systemReason) }
    guard rename(temporary, url.path) == 0 else { throw failure(Self.systemReason) }
  }

  private static var systemReason: String { String(cString: strerror(errno)) }
}
