import Foundation

/// A bank folder in the layout SF2-to-SFZ converters write: one folder per bank (`000`, `008`,
/// `128`), one SFZ file per program in it (`000/000_Yamaha Grand Piano.sfz`), drum kits in bank
/// 128 (the SoundFont convention for percussion presets). polyphone writes it with
/// `polyphone -3 -i FluidR3_GM.sf2 -d OUT`, into `OUT/FluidR3_GM/`; `make gm-bank` makes that
/// bank.
///
/// Bank numbers: a folder's number is the SF2 preset's bank, which GS-style SoundFonts (FluidR3's
/// banks 8, 9 and 16 are GS variation banks) give as the bank select MSB. So a melodic channel's
/// bank is its CC0 value and CC32 is ignored, as FluidSynth's default `synth.midi-bank-select=gs`
/// does. A drum channel's bank is always 128 and its program is the kit.
///
/// ```swift
/// let bank = try ConverterFolderBank(folder: URL(fileURLWithPath: "FluidR3_GM"))
/// let piano = bank.instrument(for: ProgramAddress(channel: 0, program: 0))
/// // FluidR3_GM/000/000_Yamaha Grand Piano.sfz, source .bank
/// ```
public struct ConverterFolderBank: Sendable, Hashable {
  /// The bank of drum kits.
  public static let drumBank = 128

  /// The folder holding the bank folders.
  public let folder: URL
  /// Every program, by bank and then program.
  public let instruments: [BankInstrument]
  /// Files in bank folders whose names are not `NNN_Name.sfz` with a program 0...127: not
  /// programs, listed so a player can say so rather than ignore them silently.
  public let ignoredFiles: [URL]

  private let index: [Int: [Int: BankInstrument]]

  /// Reads the folder's listing (not the SFZ files). Throws when the folder does not exist or
  /// holds no bank folder, or when two files claim one program.
  public init(folder: URL) throws(BankError) {
    self.folder = folder
    let fileManager = FileManager.default
    let entries: [String]
    do {
      entries = try fileManager.contentsOfDirectory(atPath: folder.path)
    } catch {
      throw fileManager.fileExists(atPath: folder.path)
        ? .unreadable(path: folder.path, reason: error.localizedDescription)
        : .notFound(path: folder.path)
    }
    let bankFolders = entries.compactMap { name in ConverterFileName.bank(name).map { ($0, name) } }
    guard !bankFolders.isEmpty else {
      throw .notABank(path: folder.path, reason: Self.noBankFolders(folder, entries: entries))
    }
    var index: [Int: [Int: BankInstrument]] = [:]
    var ignored: [URL] = []
    for (bank, name) in bankFolders.sorted(by: { $0.1 < $1.1 }) {
      let bankFolder = folder.appendingPathComponent(name, isDirectory: true)
      guard let files = try? fileManager.contentsOfDirectory(atPath: bankFolder.path) else {
        continue  // a file named like a bank folder, not a folder
      }
      for file in files.sorted() {
        let url = bankFolder.appendingPathComponent(file)
        guard let (program, programName) = ConverterFileName.program(file) else {
          ignored.append(url)
          continue
        }
        if let first = index[bank]?[program] {
          throw .duplicateProgram(
            path: folder.path, bank: bank, program: program, first: first.url.path,
            second: url.path)
        }
        index[bank, default: [:]][program] = BankInstrument(
          url: url, name: programName, bank: bank, program: program, source: .bank)
      }
    }
    self.index = index
    instruments = index.sorted { $0.key < $1.key }.flatMap { _, programs in
      programs.sorted { $0.key < $1.key }.map(\.value)
    }
    ignoredFiles = ignored
  }

  /// The bank numbers that hold at least one program, ascending.
  public var banks: [Int] { index.keys.sorted() }

  /// The instrument at exactly `bank` and `program`, without fallback.
  public func instrument(bank: Int, program: Int) -> BankInstrument? {
    index[bank]?[program]
  }

  /// The instrument for `address`, with the documented fallbacks of ``InstrumentBank``: a
  /// melodic bank the folder lacks falls back to bank 0 with the same program; a drum kit it
  /// lacks falls back to kit 0 of bank 128. Nil when neither is there.
  public func instrument(for address: ProgramAddress) -> BankInstrument? {
    if address.isDrumChannel {
      if let kit = instrument(bank: Self.drumBank, program: address.program) { return kit }
      guard var standard = instrument(bank: Self.drumBank, program: 0) else { return nil }
      standard.source = .drumKitFallback(requestedKit: address.program)
      return standard
    }
    let bank = address.bankMSB
    if let exact = instrument(bank: bank, program: address.program) { return exact }
    guard bank != 0, var capital = instrument(bank: 0, program: address.program) else {
      return nil
    }
    capital.source = .melodicFallback(requestedBank: bank)
    return capital
  }

  /// Why a folder is not a bank, with polyphone's subfolder named when that is the mistake.
  private static func noBankFolders(_ folder: URL, entries: [String]) -> String {
    let hint = entries.sorted().first { name in
      let inner = folder.appendingPathComponent(name).path
      let listing = (try? FileManager.default.contentsOfDirectory(atPath: inner)) ?? []
      return listing.contains { ConverterFileName.bank($0) != nil }
    }
    let base = "no bank folders (000, 008, 128, ...) in it"
    guard let hint else { return base }
    return base + "; polyphone writes them into a folder named after the SF2 file: did you mean "
      + "'\(folder.appendingPathComponent(hint).path)'?"
  }
}
