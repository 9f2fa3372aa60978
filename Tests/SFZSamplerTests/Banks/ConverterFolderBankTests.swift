import Foundation
import SFZSampler
import Testing

/// The layout SF2-to-SFZ converters write, as polyphone 2.3 wrote FluidR3_GM.sf2 (checked by
/// running `polyphone -3`): `000/000_Yamaha Grand Piano.sfz`, `008/004_Detuned EP 1.sfz`,
/// `128/025_TR-808.sfz`, samples in `samples/`. Rules: GM Level 1 (channel 10 is percussion, its
/// program the kit), GS's capital tone fallback (a missing variation bank plays bank 0's
/// program), kit 0 of bank 128 (the standard kit) for a missing kit.
@Suite("Converter folder banks")
struct ConverterFolderBankTests {
  @Test("program, bank select and channel 10 choose the files the folder names")
  func exactLookups() throws {
    let fixture = try BankFixture()
    let bank = try InstrumentBank(contentsOf: fixture.converterBank())
    let piano = try #require(bank.instrument(for: ProgramAddress(channel: 0, program: 0)))
    #expect(piano.url == fixture.url("GM/000/000_Grand Piano.sfz"))
    #expect(piano.name == "Grand Piano")
    #expect(piano.bank == 0 && piano.program == 0 && piano.source == .bank)
    #expect(piano.defines.isEmpty)

    let variation = try #require(
      bank.instrument(for: ProgramAddress(channel: 3, program: 4, bankMSB: 8)))
    #expect(variation.url == fixture.url("GM/008/004_Detuned EP 1.sfz"))
    #expect(variation.bank == 8 && variation.source == .bank)

    let kit = try #require(bank.instrument(for: ProgramAddress(channel: 9, program: 25)))
    #expect(kit.url == fixture.url("GM/128/025_TR-808.sfz"))
    #expect(kit.name == "TR-808" && kit.bank == 128 && kit.program == 25)
  }

  @Test("bank select LSB is ignored and a drum channel ignores bank select (GS, FluidSynth's gs)")
  func bankNumbers() throws {
    let fixture = try BankFixture()
    let bank = try ConverterFolderBank(folder: fixture.converterBank())
    #expect(bank.banks == [0, 8, 128])
    let lsb = bank.instrument(for: ProgramAddress(channel: 0, program: 4, bankMSB: 8, bankLSB: 3))
    #expect(lsb?.url == fixture.url("GM/008/004_Detuned EP 1.sfz"))
    let drums = bank.instrument(for: ProgramAddress(channel: 9, program: 0, bankMSB: 8))
    #expect(drums?.url == fixture.url("GM/128/000_Standard.sfz") && drums?.source == .bank)
    // Any channel can be a drum channel when the player says so (a GS rhythm part).
    let rhythm = bank.instrument(for: ProgramAddress(channel: 10, program: 25, isDrumChannel: true))
    #expect(rhythm?.url == fixture.url("GM/128/025_TR-808.sfz"))
  }

  @Test("a missing bank falls back to bank 0's program, a missing kit to kit 0, nothing else")
  func fallbacks() throws {
    let fixture = try BankFixture()
    let bank = try InstrumentBank(contentsOf: fixture.converterBank())
    let capital = bank.instrument(for: ProgramAddress(channel: 0, program: 33, bankMSB: 8))
    #expect(capital?.url == fixture.url("GM/000/033_Finger Bass.sfz"))
    #expect(capital?.bank == 0 && capital?.source == .melodicFallback(requestedBank: 8))
    let absentBank = bank.instrument(for: ProgramAddress(channel: 0, program: 0, bankMSB: 121))
    #expect(absentBank?.source == .melodicFallback(requestedBank: 121))

    let standard = bank.instrument(for: ProgramAddress(channel: 9, program: 40))
    #expect(standard?.url == fixture.url("GM/128/000_Standard.sfz"))
    #expect(standard?.program == 0 && standard?.source == .drumKitFallback(requestedKit: 40))

    // Program 5 is in no bank: nil, never program 0 or another program.
    #expect(bank.instrument(for: ProgramAddress(channel: 0, program: 5)) == nil)
    #expect(bank.instrument(for: ProgramAddress(channel: 0, program: 5, bankMSB: 8)) == nil)
  }

  @Test("without kit 0 a missing kit finds nothing; a melodic channel never plays bank 128")
  func noStandardKit() throws {
    let fixture = try BankFixture()
    try fixture.write("B/000/000_Piano.sfz")
    try fixture.write("B/128/016_Power.sfz")
    let bank = try InstrumentBank(contentsOf: fixture.url("B"))
    #expect(bank.instrument(for: ProgramAddress(channel: 9, program: 0)) == nil)
    #expect(bank.instrument(for: ProgramAddress(channel: 9, program: 16))?.name == "Power")
    #expect(bank.instrument(for: ProgramAddress(channel: 0, program: 16)) == nil)
  }

  @Test("file names: NNN_Name.sfz and NNN.sfz are programs; anything else is listed as ignored")
  func fileNames() throws {
    let fixture = try BankFixture()
    try fixture.write("B/000/7.sfz")
    try fixture.write("B/000/012_Name_with_underscores.SFZ")
    try fixture.write("B/000/128_Too High.sfz")
    try fixture.write("B/000/piano.sfz")
    try fixture.write("B/000/001_Notes.txt", "")
    try fixture.write("B/009", "")  // a file named like a bank folder is not a bank
    let bank = try ConverterFolderBank(folder: fixture.url("B"))
    #expect(bank.instruments.map(\.program) == [7, 12])
    #expect(bank.instruments.map(\.name) == ["7", "Name_with_underscores"])
    #expect(
      bank.ignoredFiles.map(\.lastPathComponent) == [
        "001_Notes.txt", "128_Too High.sfz", "piano.sfz",
      ])
  }

  @Test(
    "errors name the folder: absent, no bank folders (pointing at polyphone's subfolder), a duplicate"
  )
  func errors() throws {
    let fixture = try BankFixture()
    let absent = fixture.url("nothing here")
    #expect(throws: BankError.notFound(path: absent.path)) {
      try InstrumentBank(contentsOf: absent)
    }
    _ = try fixture.converterBank()
    do {
      _ = try InstrumentBank(contentsOf: fixture.folder)
      Issue.record("a folder holding a bank folder is not itself a bank")
    } catch {
      #expect(
        error.description
          == "\(fixture.folder.path): error: not an instrument bank: no bank folders (000, 008, "
          + "128, ...) in it; polyphone writes them into a folder named after the SF2 file: did "
          + "you mean '\(fixture.url("GM").path)'?")
    }
    try fixture.write("GM/0/00_Other Piano.sfz")
    do {
      _ = try ConverterFolderBank(folder: fixture.url("GM"))
      Issue.record("two files for bank 0 program 0")
    } catch {
      #expect(
        error
          == .duplicateProgram(
            path: fixture.url("GM").path, bank: 0, program: 0,
            first: fixture.url("GM/0/00_Other Piano.sfz").path,
            second: fixture.url("GM/000/000_Grand Piano.sfz").path))
    }
  }
}
