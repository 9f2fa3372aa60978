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
    // 64 MB of float audio in one sample.
    let frames = 16_000_000
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
    // Other tests load instruments in this process at the same time, so single jumps of resident
    // memory say little; a leak shows as the same growth on every load. The median step stays
    // near zero without one and near the sample's 64 MB with one.
    var last = try #require(Self.residentBytes())
    var steps: [Int] = []
    for _ in 0..<7 {
      try sampler.loadInstrument(url: sfz)
      // The render thread lets the old instrument go; the next load frees it.
      sampler.render(frameCount: 256, left: left, right: right)
      let now = try #require(Self.residentBytes())
      steps.append(now - last)
      last = now
    }
    let median = steps.sorted()[steps.count / 2]
    #expect(
      median < 32_000_000, "resident memory grew by \(steps.map { $0 / 1_000_000 }) MB per load")
    _ = path
  }
}
