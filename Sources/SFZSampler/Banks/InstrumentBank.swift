import Foundation

/// A set of SFZ instruments addressed by MIDI program and bank, in one of the forms banks take in
/// the wild; ``init(contentsOf:)`` tells them apart by the path. Opening reads listings and the
/// bank file, not the instruments: call it on a control thread, then look programs up
/// (``instrument(for:)``, a few dictionary lookups) and load the ones a song uses.
///
/// Lookup rules (GM Level 1 and Roland GS as GM players apply them):
/// - **Drums:** a drum channel (GM's channel 10, ``ProgramAddress/drumChannel``) plays bank 128,
///   the SoundFont convention for percussion, and its program chooses the kit; bank select is
///   ignored there, as GS modules and FluidSynth do.
/// - **Missing melodic bank:** a bank select whose bank lacks the program plays bank 0's
///   instrument of the same program. This is GS's "capital tone" rule (a variation a module
///   lacks sounds as the capital tone of its program) and what FluidSynth does; it keeps a
///   song's part on the instrument family its program names, where jumping to another program
///   or staying silent would not. Nothing further: without bank 0's program the lookup is nil.
/// - **Missing kit:** a drum kit the bank lacks plays kit 0 of bank 128, the standard kit: it is
///   GM's one percussion map, which every kit extends, so a song's drums keep their notes
///   (FluidSynth falls back the same way). Without kit 0 the lookup is nil.
/// - A lookup that finds nothing returns nil, for the caller to report; every fallback is
///   named in ``BankInstrument/source``.
///
/// ```swift
/// let bank = try InstrumentBank(contentsOf: URL(fileURLWithPath: "FluidR3_GM"))
/// let drums = bank.instrument(for: ProgramAddress(channel: 9, program: 25))  // 128/025_TR-808.sfz
/// ```
public enum InstrumentBank: Sendable, Hashable {
  /// A folder of one SFZ per program in the layout SF2-to-SFZ converters write.
  case converterFolder(ConverterFolderBank)
  /// An ARIA bank file (`*.bank.xml`).
  case ariaBank(AriaBankFile)
  /// One SFZ file that selects programs itself (`loprog`/`hiprog`, `lochan`/`hichan`,
  /// `locc0`/`hicc0`): every address resolves to it and the engine selects inside it, with the
  /// channel, program and controllers it is played with.
  case singleFile(URL)

  /// Opens a bank: a folder is a converter folder, a file ending `.xml` an ARIA bank file, a
  /// file ending `.sfz` a single file. Throws ``BankError`` naming the path when it does not
  /// exist or is none of these.
  public init(contentsOf url: URL) throws(BankError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw .notFound(path: url.path)
    }
    if isDirectory.boolValue {
      self = .converterFolder(try ConverterFolderBank(folder: url))
      return
    }
    switch url.pathExtension.lowercased() {
    case "xml": self = .ariaBank(try AriaBankFile(contentsOf: url))
    case "sfz": self = .singleFile(url)
    default:
      throw .notABank(
        path: url.path,
        reason: "expected a folder of bank folders (000, 128, ...), an ARIA bank file "
          + "(.bank.xml) or an SFZ file")
    }
  }

  /// The bank's folder or file.
  public var url: URL {
    switch self {
    case .converterFolder(let bank): return bank.folder
    case .ariaBank(let bank): return bank.file
    case .singleFile(let url): return url
    }
  }

  /// Every instrument the bank holds (a single file: that file).
  public var instruments: [BankInstrument] {
    switch self {
    case .converterFolder(let bank): return bank.instruments
    case .ariaBank(let bank): return bank.instruments
    case .singleFile(let url): return [BankInstrument(url: url, source: .singleFile)]
    }
  }

  /// What the bank names but cannot play, for a player to report: an ARIA bank's programs whose
  /// SFZ file is missing (``AriaBankFile/problems``). Empty for the other kinds.
  public var problems: [BankError] {
    if case .ariaBank(let bank) = self { return bank.problems }
    return []
  }

  /// The instrument that plays `address`, or nil when the bank has none for it (see the rules
  /// above).
  public func instrument(for address: ProgramAddress) -> BankInstrument? {
    switch self {
    case .converterFolder(let bank): return bank.instrument(for: address)
    case .ariaBank(let bank): return bank.instrument(for: address)
    case .singleFile(let url): return BankInstrument(url: url, source: .singleFile)
    }
  }
}
