import Foundation

extension Ensemble {
  /// Loads what `map` plays at `address` and routes it as the map says: the channel's own
  /// instrument for a channel assignment, otherwise the instrument of the address's program on
  /// its bank (a drum kit on a drum channel). Loading belongs to a control thread: preload what a
  /// song or an app's live program changes will ask for before they play, since a program
  /// change to one not loaded plays nothing. An instrument several addresses share loads once.
  ///
  /// ```swift
  /// let map = InstrumentMap(bank: try InstrumentBank(contentsOf: bankFolder))
  /// for program in 0..<128 {  // every General MIDI program, before playing live
  ///   try band.preload(ProgramAddress(channel: 0, program: program), from: map)
  /// }
  /// try band.preload(ProgramAddress(channel: ProgramAddress.drumChannel, program: 0), from: map)
  /// ```
  ///
  /// - Returns: What the map chose and the instrument loaded; nil when the map has nothing for
  ///   the address (its notes will count as unrouted).
  /// - Throws: ``SamplerError`` when the chosen file cannot be loaded; nothing is routed then.
  @discardableResult
  public func preload(
    _ address: ProgramAddress, from map: InstrumentMap
  ) throws(SamplerError) -> (choice: BankInstrument, instrument: EnsembleInstrument)? {
    guard let choice = map.instrument(for: address) else { return nil }
    let instrument = try instrument(at: choice.url, defines: choice.defines)
    if choice.source == .channelAssignment {
      assign(channel: address.channel, to: instrument)
    } else {
      setProgram(
        address.program, bank: address.bankMSB, bankLSB: address.bankLSB,
        drums: address.isDrumChannel, to: instrument)
    }
    return (choice, instrument)
  }
}
