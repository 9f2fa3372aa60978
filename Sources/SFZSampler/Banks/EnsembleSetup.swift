import Foundation

/// A song's instrument setup, saved and reused as a JSON file: the bank, files assigned to
/// channels and programs, and a gain and pan per channel. ``InstrumentMap/init(setup:)`` turns
/// it into lookups.
///
/// The JSON file (every key optional; no other key is accepted, so a typo is an error, not a
/// setting silently ignored):
///
/// ```json
/// {
///   "bank": "../banks/FluidR3_GM",
///   "channels": {
///     "1": { "gain": -3, "pan": -0.25 },
///     "10": { "instrument": "kits/rock.sfz", "gain": -6 }
///   },
///   "programs": { "33": "bass.sfz" }
/// }
/// ```
///
/// - `bank`: a converter folder, ARIA bank file or SFZ file (``InstrumentBank``).
/// - `channels`: keyed by channel as musicians number them, `"1"` to `"16"` (GM's drums are
///   `"10"`); `instrument` an SFZ file, `gain` in dB (default 0), `pan` from -1 to 1 (default 0).
/// - `programs`: keyed by program as MIDI sends it, `"0"` to `"127"`, each an SFZ file.
/// - Paths are relative to the setup file's folder, or absolute.
///
/// In Swift, ``channels`` is keyed by channel index 0...15 (`"10"` is 9), as ``ProgramAddress``
/// is, and paths are URLs. ``read(from:)`` and ``write(to:)`` do the relative paths; plain
/// `Codable` takes them relative to ``baseFolderKey`` in the coder's `userInfo`, or to the
/// current folder without it.
///
/// ```swift
/// var setup = EnsembleSetup(bank: URL(fileURLWithPath: "/banks/FluidR3_GM"))
/// setup.channels[9] = ChannelSetup(instrument: URL(fileURLWithPath: "/songs/kits/rock.sfz"))
/// try setup.write(to: URL(fileURLWithPath: "/songs/setup.json"))   // "kits/rock.sfz"
/// let again = try EnsembleSetup.read(from: URL(fileURLWithPath: "/songs/setup.json"))
/// ```
public struct EnsembleSetup: Sendable, Hashable {
  /// The bank for channels and programs without an assignment.
  public var bank: URL?
  /// Channel setups by channel index 0...15.
  public var channels: [Int: ChannelSetup]
  /// Files assigned to programs 0...127 on melodic channels.
  public var programs: [Int: URL]

  /// The folder relative paths start from, as a `URL`, in a coder's `userInfo`.
  public static let baseFolderKey = CodingUserInfoKey(rawValue: "SFZSampler.EnsembleSetup.base")!

  /// A setup.
  public init(bank: URL? = nil, channels: [Int: ChannelSetup] = [:], programs: [Int: URL] = [:]) {
    self.bank = bank
    self.channels = channels
    self.programs = programs
  }

  /// Every file the setup names, with where the JSON says it: `bank`,
  /// `channels.10.instrument`, `programs.33`.
  var namedFiles: [(key: String, url: URL)] {
    var files: [(String, URL)] = bank.map { [("bank", $0)] } ?? []
    for (channel, setup) in channels.sorted(by: { $0.key < $1.key }) {
      if let url = setup.instrument { files.append(("channels.\(channel + 1).instrument", url)) }
    }
    for (program, url) in programs.sorted(by: { $0.key < $1.key }) {
      files.append(("programs.\(program)", url))
    }
    return files
  }
}
