import Foundation

/// Which SFZ instrument a saved state was made with: the file's path and a hash of its bytes, so
/// that a host can find the instrument again and tell whether the file is still the same.
public struct InstrumentReference: Sendable, Hashable, Codable {
  /// The `.sfz` file's path when the state was saved.
  public var path: String
  /// `fnv1a64:` and the 64-bit FNV-1a hash of the `.sfz` file's bytes in 16 hex digits. The
  /// files it includes and its samples are not hashed.
  public var contentHash: String

  /// Creates a reference.
  public init(path: String, contentHash: String) {
    self.path = path
    self.contentHash = contentHash
  }

  /// A reference to the file at `url`, its bytes read and hashed now.
  public init(fileAt url: URL) throws(StateError) {
    let bytes = try StateJSON.read(url)
    self.init(path: url.standardizedFileURL.path, contentHash: Self.contentHash(of: bytes))
  }

  /// The hash ``contentHash`` holds for these bytes.
  public static func contentHash(of bytes: Data) -> String {
    // FNV-1a, 64 bits (Fowler, Noll, Vo): Foundation has no SHA on Linux, and this tells a
    // changed file from the same one, which is all the reference is for.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
  }
}
