import Foundation
import SFZSampler
import Testing

/// Explicit assignments over a bank: `--channel 10=kit.sfz` wins over everything on its channel,
/// `--program 33=bass.sfz` over the bank on melodic channels (on GM's drum channel the program
/// chooses a kit, so a melodic program's file must not play there).
@Suite("Instrument maps")
struct InstrumentMapTests {
  @Test("channel assignment, then program assignment on melodic channels, then the bank")
  func precedence() throws {
    let fixture = try BankFixture()
    let kit = try fixture.write("kit.sfz")
    let bass = try fixture.write("bass.sfz")
    let map = InstrumentMap(
      bank: try InstrumentBank(contentsOf: fixture.converterBank()),
      channelInstruments: [9: kit], programInstruments: [33: bass])
    #expect(
      map.instrument(for: ProgramAddress(channel: 9, program: 25))
        == BankInstrument(url: kit, source: .channelAssignment))
    #expect(
      map.instrument(for: ProgramAddress(channel: 1, program: 33, bankMSB: 8))
        == BankInstrument(url: bass, program: 33, source: .programAssignment))
    // A drum channel without a channel assignment ignores program assignments.
    let drums = map.instrument(for: ProgramAddress(channel: 10, program: 33, isDrumChannel: true))
    #expect(drums?.url == fixture.url("GM/128/000_Standard.sfz"))
    #expect(drums?.source == .drumKitFallback(requestedKit: 33))
    #expect(
      map.instrument(for: ProgramAddress(channel: 0, program: 0))?.url
        == fixture.url("GM/000/000_Grand Piano.sfz"))
    #expect(map.instrument(for: ProgramAddress(channel: 0, program: 5)) == nil)
  }

  @Test("assignments alone: what is not assigned finds nothing")
  func withoutBank() throws {
    let fixture = try BankFixture()
    let lead = try fixture.write("lead.sfz")
    let map = InstrumentMap(channelInstruments: [0: lead])
    #expect(map.instrument(for: ProgramAddress(channel: 0, program: 80))?.url == lead)
    #expect(map.instrument(for: ProgramAddress(channel: 1, program: 80)) == nil)
  }
}
