import Foundation

/// SHA-256 (FIPS 180-4) of a file, as `sha256sum` prints it: what a batch records for each
/// output, so a later run can tell a finished file from a damaged or different one. Foundation
/// on Linux has no hash of its own and the package takes no dependency for one.
enum SHA256 {
  /// The lowercase hex digest of the file at `path`; nil when it cannot be read.
  static func hexDigest(ofFileAt path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    var state = State()
    while true {
      let chunk: Data?
      do {
        chunk = try handle.read(upToCount: 1 << 20)
      } catch {
        return nil
      }
      // nil or empty at the end of the file
      guard let chunk, !chunk.isEmpty else { break }
      chunk.withUnsafeBytes { state.absorb($0) }
    }
    return state.finish()
  }

  /// The lowercase hex digest of `bytes`.
  static func hexDigest(of bytes: [UInt8]) -> String {
    var state = State()
    bytes.withUnsafeBytes { state.absorb($0) }
    return state.finish()
  }

  /// The running hash: eight words, a partial block and the message length.
  private struct State {
    var hash: [UInt32] = [
      0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
      0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    var pending: [UInt8] = []
    var length: UInt64 = 0
    var schedule = [UInt32](repeating: 0, count: 64)

    mutating func absorb(_ bytes: UnsafeRawBufferPointer) {
      length &+= UInt64(bytes.count)
      var offset = 0
      if !pending.isEmpty {
        let taken = min(64 - pending.count, bytes.count)
        pending += bytes[0..<taken]
        offset = taken
        if pending.count == 64 {
          let block = pending
          block.withUnsafeBytes { compress($0) }
          pending.removeAll(keepingCapacity: true)
        }
      }
      while bytes.count - offset >= 64 {
        compress(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 64]))
        offset += 64
      }
      pending += bytes[offset...]
    }

    mutating func finish() -> String {
      let bits = length &* 8
      var tail: [UInt8] = [0x80]
      tail += [UInt8](repeating: 0, count: (119 - pending.count) % 64)
      tail += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * $0)) }
      let saved = length
      tail.withUnsafeBytes { absorb($0) }
      length = saved
      return hash.map { String(format: "%08x", $0) }.joined()
    }

    private mutating func compress(_ block: UnsafeRawBufferPointer) {
      for t in 0..<16 {
        schedule[t] =
          UInt32(block[4 * t]) << 24 | UInt32(block[4 * t + 1]) << 16
          | UInt32(block[4 * t + 2]) << 8 | UInt32(block[4 * t + 3])
      }
      for t in 16..<64 {
        let s0 =
          rotate(schedule[t - 15], 7) ^ rotate(schedule[t - 15], 18) ^ (schedule[t - 15] >> 3)
        let s1 = rotate(schedule[t - 2], 17) ^ rotate(schedule[t - 2], 19) ^ (schedule[t - 2] >> 10)
        schedule[t] = schedule[t - 16] &+ s0 &+ schedule[t - 7] &+ s1
      }
      var a = hash[0], b = hash[1], c = hash[2], d = hash[3]
      var e = hash[4], f = hash[5], g = hash[6], h = hash[7]
      for t in 0..<64 {
        let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
        let choice = (e & f) ^ (~e & g)
        let first = h &+ sum1 &+ choice &+ SHA256.constants[t] &+ schedule[t]
        let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
        let majority = (a & b) ^ (a & c) ^ (b & c)
        let second = sum0 &+ majority
        h = g
        g = f
        f = e
        e = d &+ first
        d = c
        c = b
        b = a
        a = first &+ second
      }
      hash[0] &+= a
      hash[1] &+= b
      hash[2] &+= c
      hash[3] &+= d
      hash[4] &+= e
      hash[5] &+= f
      hash[6] &+= g
      hash[7] &+= h
    }

    private func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
      value >> count | value << (32 - count)
    }
  }

  /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
  private static let constants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]
}
