import Foundation

/// The SFZ file a lookup chose for a ``ProgramAddress``, with what loading it needs and how it
/// was reached, so a player can say "bank 8 program 4 is absent; bank 0's plays" instead of
/// substituting without a word.
///
/// ```swift
/// if let piano = try InstrumentBank(contentsOf: bankFolder)
///   .instrument(for: ProgramAddress(channel: 0, program: 0))
/// {
///   try sampler.loadInstrument(url: piano.url, defines: piano.defines)
///   if piano.source != .bank { print("\(piano.name): \(piano.source)") }
/// }
/// ```
public struct BankInstrument: Sendable, Hashable {
  /// How a lookup reached an instrument.
  public enum Source: Sendable, Hashable {
    /// The bank holds the program at the bank asked for.
    case bank
    /// The bank lacks `requestedBank`; bank 0's instrument of the same program plays (GS's
    /// capital tone rule, ``InstrumentBank``).
    case melodicFallback(requestedBank: Int)
    /// The bank lacks drum kit `requestedKit`; kit 0 of bank 128 (the standard kit) plays.
    case drumKitFallback(requestedKit: Int)
    /// One SFZ file holds every program and selects among them itself (`loprog`/`hiprog`).
    case singleFile
    /// Assigned to the channel (`--channel 10=kit.sfz`, or a setup file's channel).
    case channelAssignment
    /// Assigned to the program (`--program 33=bass.sfz`, or a setup file's program).
    case programAssignment
  }

  /// The SFZ file to load.
  public var url: URL
  /// `#define` variables the file expects before its first line (an ARIA bank's `<Define>`s);
  /// pass them to ``Sampler/loadInstrument(url:strict:defines:)``.
  public var defines: [String: String]
  /// The program's name: from a converter's file name (`000_Yamaha Grand Piano.sfz`), an
  /// `AriaProgram`'s `name`, or else the file name without its extension.
  public var name: String
  /// The bank number that answered (128 for drum kits), nil for a single file or an assignment.
  public var bank: Int?
  /// The program number that answered, nil for a single file or a channel assignment.
  public var program: Int?
  /// How the lookup reached it.
  public var source: Source

  /// An instrument as a bank or assignment names it.
  public init(
    url: URL, defines: [String: String] = [:], name: String? = nil, bank: Int? = nil,
    program: Int? = nil, source: Source
  ) {
    self.url = url
    self.defines = defines
    self.name = name ?? url.deletingPathExtension().lastPathComponent
    self.bank = bank
    self.program = program
    self.source = source
  }
}
