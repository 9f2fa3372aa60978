import CSndfile
import Foundation
import SFZSampler
import Testing

@Suite("Loading memory")
struct LoadMemoryTests {
  /// Resident memory of this process in bytes (Linux), or nil elsewhere.
  static func residentBytes() -> Int? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// Sanitizers hold freed memory back on purpose, so resident size says nothing under them.
  static let underSanitizer = ProcessInfo.processInfo.environment["SFZSAMPLER_SANITIZER"] != nil

  @Test(
    "loading an instrument again and again keeps one copy of its audio, not one per load",
    .enabled(if: residentBytes() != nil && !underSanitizer))
  func repeatedLoadsDoNotAccumulate() throws {
    let fixtures = try DecodingFixtures()
    // 48 MB of float audio in one sample: a leak of one copy per load (6 loads: 288 MB) stands
    // far above what the tests running beside this one allocate meanwhile.
    let frames = 12_000_000
    let path = try fixtures.writeFloat(
      "big.wav", values: [Float](repeating: 0.25, count: frames), channels: 1,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT), sampleRate: 48_000)
    let sfz = URL(fileURLWithPath: fixtures.path("big.sfz"))
    try "<region> sample=big.wav".write(to: sfz, atomically: true, encoding: .utf8)
    let sampler = Sampler()
    try sampler.loadInstrument(url: sfz)
    let left = UnsafeMutablePointer<Float>.allocate(capacity: 256)
    let right = UnsafeMutablePointer<Float>.allocate(capacity: 256)
    defer {
      left.deallocate()
      right.deallocate()
    }
    sampler.render(frameCount: 256, left: left, right: right)
    let before = try #require(Self.residentBytes())
    for _ in 0..<6 {
      try sampler.loadInstrument(url: sfz)
      // The render thread lets the old instrument go; the next load frees it.
      sampler.render(frameCount: 256, left: left, right: right)
    }
    let growth = try #require(Self.residentBytes()) - before
    #expect(growth < 120_000_000, "resident memory grew by \(growth / 1_000_000) MB over 6 loads")
    _ = path
  }
}
