import Foundation

/// What plays on each channel of a song: explicit assignments over a bank. A channel assigned a
/// file plays it whatever its program (`--channel 10=kit.sfz`); otherwise a melodic channel's
/// program assigned a file plays it whatever the bank select (`--program 33=bass.sfz`); otherwise
/// the bank answers (``InstrumentBank/instrument(for:)``). Program assignments leave drum
/// channels alone: there the program chooses a kit, and a melodic program's file does not play
/// drum notes.
///
/// Channels are indices 0...15 (GM's channel 10 is 9), programs 0...127.
///
/// ```swift
/// let map = InstrumentMap(
///   bank: try InstrumentBank(contentsOf: URL(fileURLWithPath: "FluidR3_GM")),
///   channelInstruments: [9: URL(fileURLWithPath: "kits/rock.sfz")],
///   programInstruments: [33: URL(fileURLWithPath: "bass.sfz")])
/// map.instrument(for: ProgramAddress(channel: 9, program: 0))   // kits/rock.sfz
/// map.instrument(for: ProgramAddress(channel: 1, program: 33))  // bass.sfz
/// ```
public struct InstrumentMap: Sendable, Hashable {
  /// The bank for whatever no assignment covers; nil for assignments only.
  public var bank: InstrumentBank?
  /// Files assigned to channels, by channel index 0...15.
  public var channelInstruments: [Int: URL]
  /// Files assigned to programs 0...127 on melodic channels.
  public var programInstruments: [Int: URL]

  /// A map of a bank and assignments.
  public init(
    bank: InstrumentBank? = nil, channelInstruments: [Int: URL] = [:],
    programInstruments: [Int: URL] = [:]
  ) {
    self.bank = bank
    self.channelInstruments = channelInstruments
    self.programInstruments = programInstruments
  }

  /// The map a setup file describes, its bank opened. Throws when the bank cannot be opened.
  public init(setup: EnsembleSetup) throws(BankError) {
    self.init(
      bank: try setup.bank.map { url throws(BankError) in try InstrumentBank(contentsOf: url) },
      channelInstruments: setup.channels.compactMapValues(\.instrument),
      programInstruments: setup.programs)
  }

  /// The instrument that plays `address`: its channel's file, its program's file, or the bank's
  /// answer, in that order; nil when none has one.
  public func instrument(for address: ProgramAddress) -> BankInstrument? {
    if let url = channelInstruments[address.channel] {
      return BankInstrument(url: url, source: .channelAssignment)
    }
    if !address.isDrumChannel, let url = programInstruments[address.program] {
      return BankInstrument(url: url, program: address.program, source: .programAssignment)
    }
    return bank?.instrument(for: address)
  }
}
