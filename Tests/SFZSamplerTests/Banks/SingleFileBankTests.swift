import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// One SFZ file that selects programs itself (`loprog`/`hiprog`, `lochan`/`hichan`,
/// `locc0`/`hicc0`; sfzformat.com's `loprog` page): every address resolves to the file, and the
/// engine picks regions inside it with the channel, program and controllers it is played with.
@Suite("Single-file banks")
struct SingleFileBankTests {
  @Test("every address, drums included, resolves to the one file")
  func everyAddress() throws {
    let fixture = try BankFixture()
    let file = try fixture.write(
      "gm.sfz", "<master> loprog=0 hiprog=0\n<region> sample=*sine\n")
    let bank = try InstrumentBank(contentsOf: file)
    #expect(bank == .singleFile(file))
    for address in [
      ProgramAddress(channel: 0, program: 0), ProgramAddress(channel: 9, program: 40),
      ProgramAddress(channel: 3, program: 127, bankMSB: 121, bankLSB: 1),
    ] {
      #expect(bank.instrument(for: address) == BankInstrument(url: file, source: .singleFile))
    }
    #expect(bank.instruments.map(\.name) == ["gm"])
  }

  @Test("a file that is neither SFZ nor XML is not a bank")
  func otherFile() throws {
    let fixture = try BankFixture()
    let file = try fixture.write("song.mid", "")
    #expect(throws: BankError.self) { try InstrumentBank(contentsOf: file) }
  }

  @Test(
    "the Discord GM bank of the corpus",
    .enabled(
      if: TestData.exists(TestData.corpusInstruments.appendingPathComponent("Discord-SFZ-GM-Bank")))
  )
  func discord() throws {
    let file = TestData.corpusInstruments.appendingPathComponent(
      "Discord-SFZ-GM-Bank/Discord GM/Discord GM Bank.sfz")
    let bank = try InstrumentBank(contentsOf: file)
    #expect(bank.instrument(for: ProgramAddress(channel: 9, program: 0))?.url == file)
    #expect(bank.instrument(for: ProgramAddress(channel: 1, program: 33))?.source == .singleFile)
  }
}
