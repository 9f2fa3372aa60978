import CCrypto
import Foundation

/// SHA-256 (FIPS 180-4) of a file, as `sha256sum` prints it: what a batch records for each
/// output, so a later run can tell a finished file from a damaged or different one. Foundation
/// on Linux has no hash of its own; OpenSSL's libcrypto (its EVP digest interface) does the
/// hashing, a file read a chunk at a time.
enum SHA256 {
  /// The bytes read from a file at a time.
  static let chunkBytes = 1 << 20

  /// The lowercase hex digest of the file at `path`; nil when it cannot be read.
  static func hexDigest(ofFileAt path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return digest { update in
      var buffer = [UInt8](repeating: 0, count: chunkBytes)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count < 0 { return false }
        if count == 0 { return true }
        guard buffer.withUnsafeBytes({ update($0.baseAddress, count) }) else { return false }
      }
    }
  }

  /// The lowercase hex digest of `bytes`.
  static func hexDigest(of bytes: [UInt8]) -> String {
    // hashing bytes in memory fails only when OpenSSL cannot allocate its context
    digest { update in bytes.withUnsafeBytes { update($0.baseAddress, $0.count) } }!
  }

  /// Runs `feed` with a function that adds bytes to a SHA-256 and returns the hex digest, or nil
  /// when `feed` or OpenSSL fails.
  private static func digest(
    _ feed: ((UnsafeRawPointer?, Int) -> Bool) -> Bool
  ) -> String? {
    guard let context = EVP_MD_CTX_new() else { return nil }
    defer { EVP_MD_CTX_free(context) }
    guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1,
      feed({ bytes, count in EVP_DigestUpdate(context, bytes, count) == 1 })
    else { return nil }
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    guard EVP_DigestFinal_ex(context, &digest, &length) == 1 else { return nil }
    return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
  }
}
