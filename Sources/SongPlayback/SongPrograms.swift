import MIDIFile

/// The programs a song plays: for each note, the channel's bank select (CC0, CC32) and program
/// in effect at its note-on (a GM, GS or XG reset returning them to 0), and whether the channel is a drum channel (General MIDI's channel
/// 10 unless told otherwise). What an `Ensemble` (SFZSampler) must load before the song plays,
/// and no more: a bank of 128 programs costs what the song uses.
///
/// ```swift
/// let programs = SongPrograms(song: try MIDIFile(contentsOf: url))
/// for use in programs.uses { print(use.channel + 1, use.program, use.notes) }
/// ```
public struct SongPrograms: Sendable {
  /// One program a channel plays notes with.
  public struct Use: Hashable, Sendable, Comparable {
    /// The channel, 0-15.
    public var channel: Int
    /// Whether the channel plays drum kits.
    public var drums: Bool
    /// Bank select MSB (CC0) and LSB (CC32) in effect.
    public var bank: Int
    /// Bank select LSB (CC32) in effect.
    public var bankLSB: Int
    /// The program, 0-127.
    public var program: Int
    /// Notes the channel plays with it.
    public var notes: Int

    /// The same program played on another channel or with another count of notes is another
    /// use; `Comparable` orders by channel, then bank and program.
    public static func < (a: Use, b: Use) -> Bool {
      (a.channel, a.bank, a.bankLSB, a.program) < (b.channel, b.bank, b.bankLSB, b.program)
    }
  }

  /// Every (channel, bank, program) with notes, in channel order, with its note count.
  public let uses: [Use]

  /// Scans `song` in time order. `drumChannels` play kits (General MIDI: channel 10, index 9).
  public init(song: MIDIFile, drumChannels: Set<Int> = [9]) {
    var bank = [Int](repeating: 0, count: 16)
    var bankLSB = bank
    var program = bank
    var counts: [Use: Int] = [:]
    // a GM, GS or XG reset returns every channel to bank 0 program 0 from its time on
    var resets = song.systemExclusive.filter { SystemReset.isReset($0.bytes) }.map(\.seconds)[...]
    for event in song.events {
      while let reset = resets.first, reset <= event.seconds {
        resets.removeFirst()
        for channel in 0..<16 { (bank[channel], bankLSB[channel], program[channel]) = (0, 0, 0) }
      }
      switch event.message {
      case .controlChange(let channel, 0, let value): bank[Int(channel)] = Int(value)
      case .controlChange(let channel, 32, let value): bankLSB[Int(channel)] = Int(value)
      case .programChange(let channel, let value): program[Int(channel)] = Int(value)
      case .noteOn(let channel, _, let velocity) where velocity > 0:
        let c = Int(channel)
        let use = Use(
          channel: c, drums: drumChannels.contains(c), bank: bank[c], bankLSB: bankLSB[c],
          program: program[c], notes: 0)
        counts[use, default: 0] += 1
      default: break
      }
    }
    uses = counts.map { use, notes in
      var counted = use
      counted.notes = notes
      return counted
    }.sorted()
  }
}
