import Foundation
import Testing

@testable import SFZ

@Suite struct PathTests {
  @Test func normalisationWithOddCharacters() throws {
    let text = """
      <region> sample=Common\\Banjo - D#3 (take 2).wav
      <region> sample=../up/./x.wav
      <region> sample=/abs/y.wav
      <region> sample=*noise
      """
    let regions = try parse(text, path: "/base/inst/i.sfz").regions
    #expect(regions[0].samplePath == "/base/inst/Common/Banjo - D#3 (take 2).wav")
    #expect(regions[1].samplePath == "/base/up/x.wav")
    #expect(regions[2].samplePath == "/abs/y.wav")
    #expect(regions[3].samplePath == "*noise" && regions[3].sampleExists)
  }

  @Test func caseInsensitiveFallbackAndMissingReportedOnce() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    try write("x", to: dir.appendingPathComponent("Samples/Kick.WAV"))
    let text = """
      <region> sample=samples\\kick.wav
      <region> sample=gone.wav
      <region> sample=gone.wav
      """
    let sfz = try SFZInstrument.parse(text: text, path: dir.appendingPathComponent("k.sfz").path)
    #expect(sfz.regions[0].sampleExists)
    #expect(sfz.regions[0].samplePath?.hasSuffix("/Samples/Kick.WAV") == true)
    #expect(!sfz.regions[1].sampleExists)
    let missing = sfz.messages(containing: "'gone.wav' not found")
    #expect(missing.count == 1)
    #expect(missing.first?.line == 2)
  }

  @Test func fatalErrorsNameTheFile() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let missing = dir.appendingPathComponent("nope.sfz")
    #expect(throws: SFZError.self) { try SFZInstrument.load(url: missing) }
    let binary = dir.appendingPathComponent("bin.sfz")
    try Data([0x3C, 0x72, 0x00, 0x01]).write(to: binary)
    do {
      _ = try SFZInstrument.load(url: binary)
      Issue.record("binary file accepted")
    } catch {
      #expect(error.description.contains("bin.sfz"))
      #expect(error.description.contains("offset 2"))
    }
  }
}
