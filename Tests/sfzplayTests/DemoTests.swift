import AudioTestSupport
import Foundation
import Testing

/// `sfzplay` with no arguments renders the bundled demo into the current folder.
@Suite struct DemoTests {
  static let instruments = TestData.bundledInstruments
  static var isAvailable: Bool {
    FileManager.default.fileExists(atPath: instruments.appendingPathComponent("demo.sfz").path)
  }

  @Test(.enabled(if: isAvailable, "instruments/ not in this checkout"))
  func rendersTheBundledDemo() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var environment = ProcessInfo.processInfo.environment
    environment["SFZPLAY_INSTRUMENTS"] = Self.instruments.path
    let outcome = try await SFZPlayRunner.run(
      [], in: fixture.folder, timeout: 50, environment: environment)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("sfzplay-demo.wav"))
    let audio = try AudioFile(url: fixture.url("sfzplay-demo.wav"))
    #expect(audio.sampleRate == 48_000)
    #expect(audio.frames > 48_000)
    let peak = Measure.peak(audio.samples[...])
    #expect(peak > 0.01)
  }
}
