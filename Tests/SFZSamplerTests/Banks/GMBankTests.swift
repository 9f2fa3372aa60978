import Foundation
import SFZSampler
import Testing

/// Where `make gm-bank` puts FluidR3_GM converted by polyphone (or wherever
/// SFZSAMPLER_GM_BANK points). Absent, the tests skip and say how to make it; named by the
/// variable but absent, they run and fail, since someone meant them to run.
enum GMBank {
  static let variable = ProcessInfo.processInfo.environment["SFZSAMPLER_GM_BANK"]
  static let folder: URL =
    variable.map { URL(fileURLWithPath: $0) }
    ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("sfzsampler-gm-bank")
  static let isAvailable =
    variable != nil
    || FileManager.default.fileExists(atPath: folder.appendingPathComponent("000").path)
  static let skipReason =
    "no GM bank at \(folder.path): run `make gm-bank` (FluidR3_GM through polyphone, 148 MB, "
    + "outside the repository) or set SFZSAMPLER_GM_BANK"
}

/// FluidR3_GM as polyphone 2.3 converts it (`polyphone -3 -c 110`): bank 0 holds the 128 GM
/// programs, banks 8, 9 and 16 GS variations (28, 1 and 1 programs), bank 128 31 drum kits. GM
/// Level 1: program 0 is Acoustic Grand Piano, channel 10 plays percussion; GS: variation banks
/// by CC0 with the capital tone (bank 0) for a missing variation; kit 0 (Standard) for a missing
/// kit.
@Suite(
  "The FluidR3 GM bank", .enabled(if: GMBank.isAvailable, Comment(rawValue: GMBank.skipReason)))
struct GMBankTests {
  @Test("the converter folder polyphone wrote: banks and program counts")
  func layout() throws {
    let bank = try ConverterFolderBank(folder: GMBank.folder)
    #expect(bank.banks == [0, 8, 9, 16, 128])
    let counts = Dictionary(grouping: bank.instruments) { $0.bank ?? -1 }.mapValues(\.count)
    #expect(counts == [0: 128, 8: 28, 9: 1, 16: 1, 128: 31])
    #expect(bank.ignoredFiles.isEmpty)
  }

  @Test("GM and GS lookups: piano, drums on channel 10, a variation, and both fallbacks")
  func lookups() throws {
    let bank = try InstrumentBank(contentsOf: GMBank.folder)
    let piano = try #require(bank.instrument(for: ProgramAddress(channel: 0, program: 0)))
    #expect(
      piano.url.path == GMBank.folder.appendingPathComponent("000/000_Yamaha Grand Piano.sfz").path)
    #expect(piano.name == "Yamaha Grand Piano" && piano.source == .bank)

    let kit = bank.instrument(for: ProgramAddress(channel: 9, program: 0))
    #expect(kit?.bank == 128 && kit?.name == "Standard" && kit?.source == .bank)
    let tr808 = bank.instrument(for: ProgramAddress(channel: 9, program: 25, bankMSB: 8))
    #expect(tr808?.bank == 128 && tr808?.name == "TR-808")
    let sfxKit = bank.instrument(for: ProgramAddress(channel: 9, program: 56))
    #expect(sfxKit?.name == "Standard" && sfxKit?.source == .drumKitFallback(requestedKit: 56))

    let detuned = bank.instrument(for: ProgramAddress(channel: 0, program: 4, bankMSB: 8))
    #expect(detuned?.bank == 8 && detuned?.name == "Detuned EP 1" && detuned?.source == .bank)
    let capital = bank.instrument(for: ProgramAddress(channel: 0, program: 0, bankMSB: 8))
    #expect(capital?.name == "Yamaha Grand Piano")
    #expect(capital?.source == .melodicFallback(requestedBank: 8))
  }

  /// polyphone writes Windows paths (`sample=..\samples\High Q(R).wav`); the kit must find them.
  @Test("channel 10's standard kit loads with every sample found")
  func kitLoads() throws {
    let bank = try InstrumentBank(contentsOf: GMBank.folder)
    let kit = try #require(bank.instrument(for: ProgramAddress(channel: 9, program: 0)))
    let report = try Sampler().loadInstrument(url: kit.url, defines: kit.defines)
    let written = try String(contentsOf: kit.url, encoding: .utf8)
      .split(separator: "\n").filter { $0.hasPrefix("sample=") }
    #expect(report.sampleCount == Set(written).count)
    // Its warnings are polyphone's: SF2's longest release (8000 timecents) written as
    // `pitcheg_release=100.021`, past SFZ's 100 s, and `effect1` (reverb send), not rendered.
    let notFound = report.diagnostics.filter { $0.message.contains("not found") }
    #expect(notFound.isEmpty, "\(notFound.prefix(3))")
  }
}
