import AudioTestSupport
import Foundation
import Testing

@testable import SFZ

/// Snippets from sfizz's test suite (sfz-parser-cases/sfizz-inline); the expectations come from
/// the assertions listed in its INDEX.json, restated here.
@Suite(.enabled(if: TestData.exists(TestData.corpus))) struct SfizzCaseTests {
  private func snippet(_ name: String) throws -> SFZInstrument {
    let url = TestData.corpus.appendingPathComponent("sfz-parser-cases/sfizz-inline/\(name)")
    let text = try String(contentsOf: url, encoding: .utf8)
    let virtual = TestData.corpus.appendingPathComponent(
      "sfz-parser-cases/sfizz/tests/TestFiles/virtual.sfz"
    ).path
    return try SFZInstrument.parse(text: text, path: virtual)
  }

  @Test func noteAndOctaveOffsets() throws {
    let r = try snippet("FilesT/001_Files_Note_and_octave_offsets.sfz").regions
    #expect(r.count == 7)
    #expect(r[0].int("lokey") == 64 && r[0].int("hikey") == 64 && r[0].int("pitch_keycenter") == 64)
    #expect(r[0].int("xfin_lokey") == nil)
    #expect(r[1].int("lokey") == 51 && r[1].int("hikey") == 56 && r[1].int("pitch_keycenter") == 51)
    #expect(r[2].int("lokey") == 41 && r[2].int("hikey") == 45)
    #expect(r[2].int("xfin_lokey") == 37 && r[2].int("xfin_hikey") == 41)
    #expect(r[2].int("xfout_lokey") == 45 && r[2].int("xfout_hikey") == 49)
    #expect(r[3].int("lokey") == 62 && r[3].int("sw_last") == 24 && r[3].int("sw_up") == 24)
    #expect(r[3].int("sw_down") == 24 && r[3].int("sw_previous") == 61)
    #expect(r[4].int("key") == 63 + 13)
    #expect(r[5].int("key") == 63 - 13)
    #expect(r[6].int("key") == 63 - 13)
  }

  @Test func polyphonyGroups() throws {
    let r = try snippet("PolyphonyT/002_Polyphony_Polyphony_groups.sfz").regions
    #expect(r.count == 5)
    #expect(r.map { $0.int("group") ?? 0 } == [0, 1, 2, 4, 4])
    #expect(r[3].int("polyphony") == 5)
  }

  @Test func swDefaultWithOffsets() throws {
    for index in 21...24 {
      let name = "RegionActivationT/0\(index)_Keyswitches_sw_default_with_octave_offset.sfz"
      let r = try snippet(name).regions
      #expect(r.count == 1)
      #expect(r[0].int("sw_default") == 48 + 12 - 1)
    }
  }

  @Test func goodRegionTokens() throws {
    let sfz = try snippet("ParsingT/001_Parsing_Jpcima_good_region.sfz")
    #expect(sfz.regions.count == 1)
    #expect(sfz.regions[0].string("sample") == "My Directory/My Wave.wav")
    #expect(sfz.regions[0].int("key") == 69)
  }

  @Test func valueSpecialCharactersAndSpaces() throws {
    let special = try snippet("ParsingT/012_Parsing_Opcode_value_special_character.sfz")
    #expect(
      special.regions.map { $0.string("sample") } == ["Alto-Flute-sus-C#4-PB-loop.wav", "foo=bar"])
    let spaces = try snippet(
      "ParsingT/014_Parsing_Opcode_value_with_multiple_consecutive_spaces.sfz")
    #expect(spaces.regions[0].string("sample") == "foo  bar  baz  .wav")
    #expect(spaces.regions[0].int("key") == 69)
  }

  @Test func embeddedSampleDataDoesNotLeak() throws {
    for name in ["ParsingT/015_Parsing_Sample_data.sfz", "ParsingT/016_Parsing_Sample_data_2.sfz"] {
      let sfz = try snippet(name)
      #expect(sfz.regions.map { $0.string("sample") } == ["*sine"])
      #expect(
        sfz.diagnostics.map(\.message) == [
          "header <sample> is not supported; its opcodes are ignored"
        ])
    }
  }

  @Test func includesFromTheTestFiles() throws {
    let dollar = try SFZInstrument.load(
      url: TestData.corpus.appendingPathComponent(
        "sfz-parser-cases/sfizz/tests/TestFiles/dollar_include_main.sfz"))
    #expect(dollar.includedFiles.count == 1)
    #expect(dollar.includedFiles.first?.hasSuffix("dollar_include_sine.sfz") == true)
    let loop = try SFZInstrument.load(
      url: TestData.corpus.appendingPathComponent(
        "sfz-parser-cases/sfizz/tests/TestFiles/Includes/root_loop.sfz"))
    #expect(!loop.messages(containing: "recursive #include").isEmpty)
  }

  @Test func caseInsensitiveSamples() throws {
    let sfz = try SFZInstrument.load(
      url: TestData.corpus.appendingPathComponent(
        "sfz-parser-cases/sfizz/tests/TestFiles/case_insensitive.sfz"))
    #expect(!sfz.regions.isEmpty)
    #expect(sfz.regions.allSatisfy { $0.sampleExists })
  }
}
