import Foundation

/// The GM bank `make gm-bank` converts (or wherever SFZSAMPLER_GM_BANK points), and the corpus's
/// freedoom General MIDI songs.
public enum GMSongs {
  static let variable = ProcessInfo.processInfo.environment["SFZSAMPLER_GM_BANK"]
  /// The bank's folder.
  public static let bank: URL =
    variable.map { URL(fileURLWithPath: $0) }
    ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("sfzsampler-gm-bank")
  /// The corpus's freedoom songs made for General MIDI players.
  public static let songs = TestData.files(under: TestData.corpusMIDI, extensions: ["mid"]).filter {
    $0.lastPathComponent.hasPrefix("freedoom_d_") && $0.lastPathComponent.contains("gm_drums")
  }
  /// Whether the bank and the songs are there.
  public static let isAvailable =
    FileManager.default.fileExists(atPath: bank.appendingPathComponent("000").path)
    && !songs.isEmpty
  /// Why a test that needs them skips.
  public static let skipReason =
    "needs the GM bank (`make gm-bank`, or SFZSAMPLER_GM_BANK) and ../shared/corpus/midi"
}
