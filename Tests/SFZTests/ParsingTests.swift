import Testing

@testable import SFZ

@Suite struct ParsingTests {
  @Test func severalHeadersOnOneLine() throws {
    let sfz = try parse("<group> lovel=10 <region> key=60 sample=*sine <region> key=61 sample=*saw")
    #expect(sfz.regions.count == 2)
    #expect(sfz.regions.map { $0.int("lovel") } == [10, 10])
    #expect(sfz.regions.map { $0.string("sample") } == ["*sine", "*saw"])
  }

  @Test func crlfBomTabsAndSplitLines() throws {
    let text = "\u{FEFF}<region>\r\n\tlokey=40\r\n\thikey=50\tsample=*sine\r\n<region> key=1"
    let sfz = try parse(text)
    #expect(sfz.regions.count == 2)
    #expect(sfz.regions[0].int("lokey") == 40)
    #expect(sfz.regions[0].int("hikey") == 50)
    #expect(sfz.regions[0].string("sample") == "*sine")
    #expect(sfz.regions[1].location.line == 4)
  }

  @Test func commentsEndValues() throws {
    let text = """
      /* block
      comment */ <region> sample=My Dir/My Wave.wav // a comment
      <region> sample=a b.wav /* inline */ key=3
      """
    let sfz = try parse(text)
    #expect(sfz.regions.map { $0.string("sample") } == ["My Dir/My Wave.wav", "a b.wav"])
    #expect(sfz.regions[1].int("key") == 3)
    #expect(sfz.regions[0].location.line == 2)
  }

  @Test func valuesWithSpacesEndAtNextOpcode() throws {
    let sfz = try parse(
      "<region>  sample=Dim Cabasa Samples/a  1.flac   lokey=60 <region> sample=foo=bar<group>")
    #expect(sfz.regions[0].string("sample") == "Dim Cabasa Samples/a  1.flac")
    #expect(sfz.regions[0].int("lokey") == 60)
    #expect(sfz.regions[1].string("sample") == "foo=bar")
  }

  @Test func opcodeNamesAreCaseInsensitive() throws {
    let sfz = try parse("<region> Sample=x.wav LOKEY=c0")
    #expect(sfz.regions[0].string("sample") == "x.wav")
    #expect(sfz.regions[0].int("lokey") == 12)
  }

  @Test func missingSpaceBetweenOpcodesIsReported() throws {
    let sfz = try parse("<region>\nhikey=72offset=320 sample=*sine")
    #expect(sfz.regions[0].int("hikey") == 72)
    #expect(sfz.regions[0].opcodes["offset"] == nil)
    let warning = try #require(sfz.messages(containing: "offset=320").first)
    #expect(warning.line == 2)
    #expect(warning.message.contains("lost"))
  }

  @Test func headersOfOtherKinds() throws {
    let text = """
      <midi> foo=1
      <sample> name=x base64data=AAAA
      // data=
      <foo> lokey=3
      <region> sample=*sine
      """
    let sfz = try parse(text)
    #expect(sfz.regions.count == 1)
    #expect(sfz.messages(containing: "<midi> is not supported").count == 1)
    #expect(sfz.messages(containing: "<sample> is not supported").count == 1)
    #expect(sfz.messages(containing: "unknown header <foo>").first?.line == 4)
    #expect(sfz.messages(containing: "unknown opcode").isEmpty)
  }

  @Test func unknownOpcodeWarningText() throws {
    let sfz = try parse("<region>\nsample=*sine xyz=1", path: "dir/file.sfz")
    let diagnostic = try #require(sfz.diagnostics.first)
    #expect(diagnostic.description == "dir/file.sfz:2: warning: unknown opcode 'xyz'")
    #expect(sfz.unknownOpcodes == ["xyz": 1])
    #expect(sfz.regions[0].string("xyz") == "1")
  }

  @Test func unterminatedBlockCommentIsAnError() throws {
    let sfz = try parse("<region> sample=*sine\n/* never closed\n<region>")
    #expect(sfz.regions.count == 1)
    #expect(sfz.diagnostics.map(\.severity) == [.error])
  }

  @Test func strictModeThrowsWithEveryDiagnostic() throws {
    #expect(throws: SFZError.self) {
      try SFZInstrument.parse(text: "<region> a=1 b=2", path: "s.sfz", strict: true)
    }
    do {
      _ = try SFZInstrument.parse(text: "<region> a=1 b=2", path: "s.sfz", strict: true)
    } catch {
      guard case .strictModeFailed(let path, let diagnostics) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(path == "s.sfz")
      #expect(diagnostics.count == 2)
      #expect(error.description.contains("s.sfz:1: warning: unknown opcode 'b'"))
    }
    let clean = try SFZInstrument.parse(text: "<region> sample=*sine", path: "s.sfz", strict: true)
    #expect(clean.regions.count == 1)
  }
}
