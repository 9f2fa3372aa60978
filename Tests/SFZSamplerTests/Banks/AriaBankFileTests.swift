import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// ARIA bank files as the corpus has them (Karoryfer's `Horse Pulse.bank.xml` and
/// `Weresax.bank.xml`): an XML declaration, a `<Key>` element BEFORE `<AriaBank>` (two root
/// elements), bank-level `<Define name="$sample_dir" value="../Samples"/>`, then `<AriaProgram
/// name=...>` elements each holding one `<AriaElement path="Programs/x.sfz"/>`; in file order they
/// are programs 0, 1, 2...
@Suite("ARIA bank files")
struct AriaBankFileTests {
  static let bankText = """
    <?xml version="1.0" ?>
    <Key>0FAD5921</Key>
    <AriaBank id="1" name="Fixture" vendor="Tests" product="Fixture" version="1000" >
    \t<Define name="$sample_dir" value="../Samples"/>
    \t<Define name="$mic" value="close"/>
    \t<AriaGUI path="GUI/aria_info.xml" target="*ARIA_INFO" />
    \t<AriaProgram name="01 - Sax" gui="GUI/sax.xml"> <AriaElement path="Programs/Sax.sfz"/> </AriaProgram>
    \t<AriaProgram name="02 - Room">
    \t\t<Define name="$mic" value="room"/>
    \t\t<AriaElement path="Programs\\Room.sfz"/>
    \t</AriaProgram>
    </AriaBank>
    """

  private func fixtureBank(_ text: String = bankText) throws -> (BankFixture, URL) {
    let fixture = try BankFixture()
    try fixture.write("Bank/Programs/Sax.sfz")
    try fixture.write("Bank/Programs/Room.sfz")
    return (fixture, try fixture.write("Bank/Fixture.bank.xml", text))
  }

  @Test("programs in file order, paths relative to the bank file, bank and program defines")
  func programs() throws {
    let (fixture, file) = try fixtureBank()
    let bank = try InstrumentBank(contentsOf: file)
    #expect(bank.instruments.count == 2)
    let sax = try #require(bank.instrument(for: ProgramAddress(channel: 0, program: 0)))
    #expect(sax.url == fixture.url("Bank/Programs/Sax.sfz"))
    #expect(sax.name == "01 - Sax" && sax.bank == 0 && sax.program == 0 && sax.source == .bank)
    #expect(sax.defines == ["$sample_dir": "../Samples", "$mic": "close"])
    let room = try #require(bank.instrument(for: ProgramAddress(channel: 5, program: 1)))
    #expect(room.url == fixture.url("Bank/Programs/Room.sfz"))  // written with a backslash
    #expect(room.defines == ["$sample_dir": "../Samples", "$mic": "room"])
  }

  @Test("one bank: another bank select falls back to it, past the last program and drums are nil")
  func lookupRules() throws {
    let (fixture, file) = try fixtureBank()
    let bank = try withExtendedLifetime(fixture) { try AriaBankFile(contentsOf: file) }
    let selected = bank.instrument(
      for: ProgramAddress(channel: 0, program: 1, bankMSB: 1, bankLSB: 2))
    #expect(selected?.program == 1 && selected?.source == .melodicFallback(requestedBank: 130))
    #expect(bank.instrument(for: ProgramAddress(channel: 0, program: 2)) == nil)
    #expect(bank.instrument(for: ProgramAddress(channel: 9, program: 0)) == nil)
  }

  @Test("malformed input: bad XML, a program without an SFZ, a bad define, no bank, no program")
  func errors() throws {
    let (fixture, _) = try fixtureBank()
    func error(_ text: String) throws -> BankError? {
      let file = try fixture.write("Bank/Bad.bank.xml", text)
      do {
        _ = try AriaBankFile(contentsOf: file)
        return nil
      } catch {
        return error
      }
    }
    let path = fixture.url("Bank/Bad.bank.xml").path
    #expect(
      try error("<AriaBank>\n<AriaProgram name=\"a\">\n</AriaBank>\n")?.description
        == "\(path):3: error: malformed XML in ARIA bank file: an end tag does not match its "
        + "start tag")
    #expect(
      try error("<AriaBank>\n<AriaProgram name=\"a & b\"/></AriaBank>")?.description
        == "\(path):2: error: malformed XML in ARIA bank file: a name is required here (a bare & "
        + "is written &amp;)")
    #expect(
      try error("<AriaBank>\n<AriaProgram name=\"Empty\"></AriaProgram>\n</AriaBank>")?.description
        == "\(path):2: error: <AriaProgram name=\"Empty\"> has no <AriaElement path=\"...\">")
    #expect(
      try error("<AriaBank><Define name=\"sample_dir\" value=\"x\"/></AriaBank>")?.description
        == "\(path):1: error: <Define name=\"sample_dir\">: a name is '$' then letters, digits or '_'"
    )
    #expect(
      try error("<Key>1</Key>")?.description
        == "\(path): error: expected one <AriaBank> element, found 0")
    // Programs count only inside <AriaBank>.
    #expect(
      try error("<AriaProgram><AriaElement path=\"Programs/Sax.sfz\"/></AriaProgram>")?.description
        == "\(path): error: expected one <AriaBank> element, found 0")
    #expect(
      try error("<AriaBank></AriaBank>")?.description
        == "\(path): error: no <AriaProgram> in <AriaBank>")
  }

  /// A program whose file is missing keeps its number, plays nothing, and is reported with the
  /// bank file's line; the others play.
  @Test("a missing program file is a problem naming the bank file and line, not a failure")
  func missingProgramFile() throws {
    let (fixture, _) = try fixtureBank()
    let file = try fixture.write(
      "Bank/Gaps.bank.xml",
      "<AriaBank>\n<AriaProgram><AriaElement path=\"Programs/Gone.sfz\"/></AriaProgram>\n"
        + "<AriaProgram name=\"Sax\"><AriaElement path=\"Programs/Sax.sfz\"/></AriaProgram>\n"
        + "</AriaBank>")
    let bank = try InstrumentBank(contentsOf: file)
    let gone = fixture.url("Bank/Programs/Gone.sfz").path
    #expect(bank.problems == [.missingFile(path: file.path, line: 2, missing: gone)])
    #expect(bank.problems.first?.description == "\(file.path):2: error: '\(gone)' does not exist")
    #expect(bank.instrument(for: ProgramAddress(channel: 0, program: 0)) == nil)
    #expect(bank.instrument(for: ProgramAddress(channel: 0, program: 1))?.name == "Sax")
    #expect(bank.instruments.map(\.program) == [1])
  }

  /// The corpus's two ARIA banks: every program found, in order, with `$sample_dir`.
  @Test(
    "Karoryfer's Horse Pulse and Weresax banks, two XML roots and all",
    .enabled(if: TestData.exists(TestData.corpus.appendingPathComponent("sfz-text-only"))))
  func corpusBanks() throws {
    let folder = TestData.corpus.appendingPathComponent("sfz-text-only")
    let horse = try AriaBankFile(
      contentsOf: folder.appendingPathComponent("Karoryfer.HorsePulse/Horse Pulse.bank.xml"))
    #expect(horse.programCount == 8 && horse.problems.isEmpty)
    #expect(horse.instruments.map(\.url.lastPathComponent).first == "01-keyswitch.sfz")
    #expect(horse.instruments.map(\.url.lastPathComponent).last == "08-fx.sfz")
    #expect(horse.instruments.map(\.program) == Array(0..<8))
    #expect(horse.instruments.allSatisfy { $0.defines == ["$sample_dir": "../Samples"] })
    let weresax = try InstrumentBank(
      contentsOf: folder.appendingPathComponent("karoryfer.weresax/Weresax.bank.xml"))
    // The corpus's snapshot of the Weresax repository ships Sax.sfz only, though its bank file
    // names Saxcordion.sfz and Sxnth.sfz as programs 1 and 2 (lines 11 and 12).
    #expect(weresax.instruments.map(\.name) == ["Sax"])
    let sax = weresax.instrument(for: ProgramAddress(channel: 0, program: 0))
    #expect(sax?.url.path.hasSuffix("karoryfer.weresax/Programs/Sax.sfz") == true)
    #expect(sax?.defines == ["$sample_dir": "../Samples"])
    #expect(weresax.problems.map(\.line) == [11, 12])
    #expect(weresax.instrument(for: ProgramAddress(channel: 0, program: 2)) == nil)
  }
}
