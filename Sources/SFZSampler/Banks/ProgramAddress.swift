/// What a MIDI channel asks for when it plays: its channel, bank select (CC0 MSB, CC32 LSB) and
/// program, plus whether it is a drum channel. A bank answers it with the SFZ file that plays
/// (``InstrumentBank/instrument(for:)``).
///
/// Channels and programs are numbered as they travel in MIDI messages: channel 0...15, program
/// 0...127 (the same numbers as SFZ's `loprog`/`hiprog` and a converter's `000_Name.sfz`). General
/// MIDI's "channel 10" is channel index 9, and it is the drum channel unless said otherwise: GM
/// Level 1 reserves it for percussion, whose program chooses the kit.
///
/// ```swift
/// let bass = ProgramAddress(channel: 1, program: 33)                // a melodic part
/// let kit = ProgramAddress(channel: 9, program: 0)                  // GM channel 10: drums
/// let variation = ProgramAddress(channel: 0, program: 4, bankMSB: 8)  // GS variation bank 8
/// ```
public struct ProgramAddress: Sendable, Hashable, CustomStringConvertible {
  /// The GM drum channel's index (the channel musicians call 10).
  public static let drumChannel = 9

  /// The channel index, 0...15.
  public let channel: Int
  /// The program of the last program change, 0...127.
  public let program: Int
  /// Bank select MSB (controller 0), 0...127.
  public let bankMSB: Int
  /// Bank select LSB (controller 32), 0...127.
  public let bankLSB: Int
  /// Whether the channel plays drum kits (bank 128 in a converter folder).
  public let isDrumChannel: Bool

  /// An address. `isDrumChannel` defaults to GM's rule (channel index 9 only); a player that
  /// follows a GS "use for rhythm part" message or an XG drum bank select says so here.
  ///
  /// - Precondition: `channel` in 0...15, `program`, `bankMSB` and `bankLSB` in 0...127 (the
  ///   ranges of the MIDI data bytes they come from).
  public init(
    channel: Int, program: Int, bankMSB: Int = 0, bankLSB: Int = 0, isDrumChannel: Bool? = nil
  ) {
    precondition((0...15).contains(channel), "MIDI channel index \(channel) is not in 0...15")
    precondition((0...127).contains(program), "program \(program) is not in 0...127")
    precondition((0...127).contains(bankMSB), "bank select MSB \(bankMSB) is not in 0...127")
    precondition((0...127).contains(bankLSB), "bank select LSB \(bankLSB) is not in 0...127")
    self.channel = channel
    self.program = program
    self.bankMSB = bankMSB
    self.bankLSB = bankLSB
    self.isDrumChannel = isDrumChannel ?? (channel == Self.drumChannel)
  }

  /// The 14-bit bank number MIDI 1.0 defines for bank select: MSB × 128 + LSB.
  public var bank14Bit: Int { bankMSB << 7 | bankLSB }

  /// As a musician reads it, channels from 1: `channel 10 (drums) bank 0/0 program 0`.
  public var description: String {
    "channel \(channel + 1)\(isDrumChannel ? " (drums)" : "") bank \(bankMSB)/\(bankLSB) "
      + "program \(program)"
  }
}
