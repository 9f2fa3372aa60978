import Foundation
import Testing

@testable import SFZ

@Suite struct PreprocessorTests {
  @Test func defineInTheMiddleOfALine() throws {
    let sfz = try parse("<group> #define $POS 3 seq_position=$POS\n<region> sample=*sine")
    #expect(sfz.regions[0].int("seq_position") == 3)
    #expect(sfz.diagnostics.isEmpty)
  }

  @Test func longestDefinedPrefixIsExpanded() throws {
    let text = """
      #define $POS 2
      #define $ART bw
      #define $KEY 52
      #define $KEYEDGE 57
      <region> region_label=rr$POS_01 sample=$ART_rr$POS_01.flac key=$KEYEDGE
      """
    let region = try parse(text).regions[0]
    #expect(region.string("region_label") == "rr2_01")
    #expect(region.string("sample") == "bw_rr2_01.flac")
    #expect(region.int("key") == 57)
  }

  @Test func variablesInNamesAndRecursiveValues() throws {
    let text = """
      #define $B foo-$A-baz
      #define $A bar
      #define $CC 100
      <region> amplitude_oncc$CC=50 sample=$B.wav
      """
    let region = try parse(text).regions[0]
    #expect(region.string("sample") == "foo-bar-baz.wav")
    #expect(region.double("amplitude_oncc100") == 50)
  }

  @Test func undefinedVariableIsReportedAndKept() throws {
    let sfz = try parse("<region>\nsample=$NOPE.wav")
    #expect(sfz.regions[0].string("sample") == "$NOPE.wav")
    #expect(sfz.messages(containing: "undefined variable '$NOPE'").first?.line == 2)
  }

  @Test func directivesEndValuesOnlyAsWholeWords() throws {
    let text = """
      <region>#define $VEL v1 sample=$VEL.wav #define $FOO bar
      <region>#define $VEL v2 sample=$VEL.wav #notAdirective 123
      """
    let sfz = try parse(text)
    #expect(sfz.regions.map { $0.string("sample") } == ["v1.wav", "v2.wav #notAdirective 123"])
  }

  @Test func includesNestCycleAndMissing() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    try write("#define $K 40\n#include \"sub\\\\b.sfz\"\n", to: dir.appendingPathComponent("a.sfz"))
    try write(
      "<region> key=$K sample=*sine\n#include \"a.sfz\"",
      to: dir.appendingPathComponent("sub/b.sfz"))
    try write(
      "<global> #include \"a.sfz\"\n#include \"missing.sfz\"\n<region> key=$K sample=*saw",
      to: dir.appendingPathComponent("main.sfz"))
    let sfz = try SFZInstrument.load(url: dir.appendingPathComponent("main.sfz"))
    #expect(sfz.regions.map { $0.int("key") } == [40, 40])
    #expect(sfz.includedFiles.count == 2)
    #expect(sfz.messages(containing: "recursive #include of 'a.sfz'").count == 1)
    let missing = try #require(sfz.messages(containing: "'missing.sfz' not found").first)
    #expect(missing.file.hasSuffix("main.sfz") && missing.line == 2)
  }

  @Test func includeDepthIsLimited() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    for level in 0..<40 {
      try write(
        "#include \"f\(level + 1).sfz\"\n<region> sample=*sine",
        to: dir.appendingPathComponent("f\(level).sfz"))
    }
    let sfz = try SFZInstrument.load(url: dir.appendingPathComponent("f0.sfz"))
    #expect(sfz.includedFiles.count == SFZLexer.maximumIncludeDepth)
    #expect(sfz.messages(containing: "depth limit").count == 1)
  }

  @Test func malformedDirectives() throws {
    let sfz = try parse("#include \"never closed\n#include bare.sfz\n#define nodollar 1")
    #expect(sfz.diagnostics.count == 3)
    #expect(sfz.diagnostics.allSatisfy { $0.severity == .error })
  }
}
