import Foundation
import Testing

@testable import SFZ

/// Variables defined before the first line, as an ARIA bank file's
/// `<Define name="$sample_dir" value="../Samples"/>` defines them for each program's SFZ (Karoryfer's
/// Horse Pulse and Weresax banks in the corpus write exactly that, and their programs use
/// `sample=$sample_dir/...`).
@Suite struct PredefinedVariableTests {
  @Test func predefinedVariableReachesSamplesAndIncludes() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    try write("", to: dir.appendingPathComponent("Samples/a.wav"))
    try write(
      "<region> key=$KEY sample=$sample_dir/a.wav",
      to: dir.appendingPathComponent("Programs/m/r.sfz"))
    try write("#include \"$modules/r.sfz\"\n", to: dir.appendingPathComponent("Programs/p.sfz"))
    let sfz = try SFZInstrument.load(
      url: dir.appendingPathComponent("Programs/p.sfz"),
      defines: ["$sample_dir": "../Samples", "$modules": "m", "KEY": "61"])
    #expect(sfz.diagnostics.isEmpty)
    let region = try #require(sfz.regions.first)
    #expect(region.int("key") == 61)
    #expect(region.sampleExists)
    #expect(region.samplePath?.hasSuffix("/Samples/a.wav") == true)
  }

  @Test func theFilesOwnDefineReplacesAPredefinedOne() throws {
    let text = "<region> key=$K sample=*sine\n#define $K 50\n<region> key=$K sample=*sine"
    let sfz = try SFZInstrument.parse(
      text: text, path: "/nonexistent-sfz-test/t.sfz", defines: ["$K": "40"])
    #expect(sfz.regions.map { $0.int("key") } == [40, 50])
  }

  @Test func anInvalidNameIsReportedNotDropped() throws {
    let sfz = try SFZInstrument.parse(
      text: "<region> sample=*sine", path: "/nonexistent-sfz-test/t.sfz",
      defines: ["$bad name": "1", "$": "2", "$ok": "3"])
    #expect(
      sfz.diagnostics.map(\.description) == [
        "/nonexistent-sfz-test/t.sfz:0: warning: predefined variable '$' is not a valid name "
          + "('$' then letters, digits or '_'); ignored",
        "/nonexistent-sfz-test/t.sfz:0: warning: predefined variable '$bad name' is not a valid "
          + "name ('$' then letters, digits or '_'); ignored",
      ])
  }

  @Test func withoutDefinesNothingChanges() throws {
    let sfz = try parse("<region> sample=$sample_dir/a.wav")
    #expect(sfz.regions[0].string("sample") == "$sample_dir/a.wav")
    #expect(sfz.messages(containing: "undefined variable '$sample_dir'").count == 1)
  }
}
