import Foundation
import Testing

@testable import SFZPlayKit

/// The SHA-256 a batch records for each output: FIPS 180-4's example digests, and a file of
/// several read chunks hashed as `sha256sum` hashes it.
@Suite struct ChecksumTests {
  @Test func bytesHashToFIPS180Examples() {
    // FIPS 180-4's example messages (NIST's "SHA256.pdf" and "SHA2_Additional.pdf")
    #expect(
      SHA256.hexDigest(of: Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256.hexDigest(
        of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      SHA256.hexDigest(of: [])
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  static let sha256sum = "/usr/bin/sha256sum"

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: sha256sum), "no sha256sum"))
  func aFileHashesAsSha256sumPrintsIt() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    // two and a half read chunks of bytes that are not a repeating pattern, so a chunk lost,
    // repeated or cut short changes the digest
    var state: UInt32 = 12_345
    let bytes = (0..<(SHA256.chunkBytes * 5 / 2 + 17)).map { _ -> UInt8 in
      state = state &* 1_664_525 &+ 1_013_904_223
      return UInt8(truncatingIfNeeded: state >> 24)
    }
    try fixture.write("data.bin", bytes: bytes)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.sha256sum)
    process.arguments = [fixture.url("data.bin").path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let printed = String(
      decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let expected = try #require(printed.split(separator: " ").first.map(String.init))
    #expect(expected.count == 64)
    #expect(SHA256.hexDigest(ofFileAt: fixture.url("data.bin").path) == expected)
    #expect(SHA256.hexDigest(ofFileAt: fixture.url("absent.bin").path) == nil)
  }
}
