import CChecksum
import Foundation

/// SHA-256 (FIPS 180-4) of a file, as `sha256sum` prints it: what a batch records for each
/// output, so a later run can tell a finished file from a damaged or different one. Foundation
/// on Linux has no hash of its own and the package takes no dependency for one; the hashing is
/// in C (CChecksum).
enum SHA256 {
  /// The lowercase hex digest of the file at `path`; nil when it cannot be read.
  static func hexDigest(ofFileAt path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var state = checksum_sha256()
    checksum_sha256_init(&state)
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count < 0 { return nil }
      if count == 0 { break }
      buffer.withUnsafeBytes { checksum_sha256_update(&state, $0.baseAddress, count) }
    }
    return finish(&state)
  }

  /// The lowercase hex digest of `bytes`.
  static func hexDigest(of bytes: [UInt8]) -> String {
    var state = checksum_sha256()
    checksum_sha256_init(&state)
    bytes.withUnsafeBytes { checksum_sha256_update(&state, $0.baseAddress, $0.count) }
    return finish(&state)
  }

  private static func finish(_ state: inout checksum_sha256) -> String {
    var digest = [UInt8](repeating: 0, count: 32)
    checksum_sha256_finish(&state, &digest)
    return digest.map { String(format: "%02x", $0) }.joined()
  }
}
