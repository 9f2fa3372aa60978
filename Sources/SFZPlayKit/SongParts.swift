import Foundation
import SFZSampler
import SFZ
import SongPlayback

/// What plays each part of a song: for every program a channel plays notes with, the
/// instrument the map (a bank, and the assignments over it) gives it, loaded once into the
/// ensemble, or the reason nothing plays it.
struct SongParts {
  /// One (channel, bank, program) of the song and what plays it.
  struct Part {
    var use: SongPrograms.Use
    /// What the map chose; nil when it has nothing for the address.
    var choice: BankInstrument?
    /// The loaded instrument; nil when nothing was chosen or it could not be loaded.
    var instrument: EnsembleInstrument?
  }

  /// The song's parts in channel order.
  var parts: [Part]
  /// What a listener would want to know before the notes go missing: programs with no
  /// instrument, fallbacks taken, instruments that could not be loaded, their diagnostics.
  var warnings: [String]

  /// Resolves every program `uses` names through `map` and loads what plays it into `ensemble`.
  /// A program the map lacks, or an instrument that cannot be loaded, is a warning (the rest of
  /// the song plays); loading failures name the file.
  init(
    uses: [SongPrograms.Use], map: InstrumentMap, ensemble: Ensemble, songName: String
  ) {
    var parts: [Part] = []
    var warnings: [String] = []
    var reported = Set<String>()
    for use in uses {
      let address = ProgramAddress(
        channel: use.channel, program: use.program, bankMSB: use.bank, bankLSB: use.bankLSB,
        isDrumChannel: use.drums)
      var part = Part(use: use, choice: nil, instrument: nil)
      do {
        guard let (choice, instrument) = try ensemble.preload(address, from: map) else {
          warnings.append(
            "\(songName): \(address) has no instrument in the bank: its \(use.notes) note"
              + "\(use.notes == 1 ? "" : "s") will not sound")
          parts.append(part)
          continue
        }
        part.choice = choice
        part.instrument = instrument
        if reported.insert(instrument.url.path).inserted {
          warnings += Self.grouped(instrument.report.diagnostics, of: instrument.url.path)
        }
        if let fallback = Self.fallback(choice.source, plays: choice.name) {
          warnings.append("\(songName): \(address): \(fallback)")
        }
      } catch {
        part.choice = map.instrument(for: address)
        warnings.append(
          "\(error.description); \(address) will not sound (\(use.notes) note"
            + "\(use.notes == 1 ? "" : "s"))")
      }
      parts.append(part)
    }
    self.parts = parts
    self.warnings = warnings
  }

  /// An instrument's diagnostics, the first few as they are and a count of the rest: a bank
  /// converted from SF2 can carry one per region, which would bury the song's own warnings.
  static func grouped(_ diagnostics: [SFZDiagnostic], of path: String) -> [String] {
    let shown = diagnostics.prefix(Self.diagnosticsShown).map(\.description)
    let more = diagnostics.count - shown.count
    guard more > 0 else { return shown }
    return shown + [
      "\(path): \(more) more warning\(more == 1 ? "" : "s") (sfzplay --check \(path) lists all)"
    ]
  }

  /// Diagnostics shown per instrument before the rest are counted.
  static let diagnosticsShown = 3

  /// What a fallback plays instead, in words; nil for an instrument found where asked.
  static func fallback(_ source: BankInstrument.Source, plays name: String) -> String? {
    switch source {
    case .melodicFallback(let bank):
      return "bank \(bank) lacks the program; bank 0's \"\(name)\" plays it (GS capital tone)"
    case .drumKitFallback(let kit):
      return "the bank lacks drum kit \(kit); the standard kit \"\(name)\" plays it"
    default:
      return nil
    }
  }

  /// The name a channel's stem file takes: its first part's program name, or its instrument
  /// file's name.
  func stemName(channel: Int) -> String? {
    guard let part = parts.first(where: { $0.use.channel == channel && $0.instrument != nil })
    else { return nil }
    let name = part.choice?.name ?? part.instrument?.url.deletingPathExtension().lastPathComponent
    return name.map(Self.fileSafe)
  }

  /// A name fit for a file in any file system: no path separators or control characters.
  static func fileSafe(_ name: String) -> String {
    let cleaned = String(
      name.map { "/\\:*?\"<>|".contains($0) || $0.isASCII && $0.asciiValue! < 32 ? "_" : $0 })
    return cleaned.trimmingCharacters(in: .whitespaces).isEmpty ? "part" : cleaned
  }
}
