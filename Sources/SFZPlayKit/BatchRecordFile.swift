import Foundation

/// The batch's record: a JSON Lines file with a line per render done (rendered, skipped or
/// failed), each appended in one write and synced as the render finishes, so a batch killed at
/// any moment keeps every line it finished and a whole line at most is missing.
final class BatchRecordFile: @unchecked Sendable {
  /// The file as given.
  let path: GivenPath
  private let descriptor: Int32
  private let lock = NSLock()

  /// Opens `path` for appending, creating it.
  init(path: GivenPath) throws(SFZPlayError) {
    self.path = path
    descriptor = open(path.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .outputUnwritable(path: path.text, reason: String(cString: strerror(errno)))
    }
  }

  deinit { close(descriptor) }

  /// Appends `record` as one line.
  func append(_ record: [String: Any]) {
    guard
      var data = try? JSONSerialization.data(
        withJSONObject: record, options: [.sortedKeys, .withoutEscapingSlashes])
    else { return }
    data.append(UInt8(ascii: "\n"))
    lock.withLock {
      data.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
          let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
          if written < 0 && errno == EINTR { continue }
          if written <= 0 { break }
          offset += written
        }
      }
      fsync(descriptor)
    }
  }

  /// The records in `files` that finished a render (rendered or skipped), the last one for each
  /// manifest line's identity; lines that do not parse (a line cut short by a killed machine)
  /// are passed over.
  static func finished(in files: [String]) -> [String: [String: Any]] {
    var latest: [String: [String: Any]] = [:]
    for file in files {
      guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
      for line in text.split(separator: "\n") {
        guard
          let record = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
          let identity = record["entry"] as? String,
          let status = record["status"] as? String, status != "failed"
        else { continue }
        latest[identity] = record
      }
    }
    return latest
  }
}
