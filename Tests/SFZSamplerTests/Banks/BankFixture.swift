import Foundation

/// A temporary folder a bank test writes its fixture bank into, removed when the test ends.
final class BankFixture {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("sfz-banks-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// `folder/relative`.
  func url(_ relative: String) -> URL { folder.appendingPathComponent(relative) }

  /// Writes `text` (a one-region SFZ by default) at `relative`, making its folders.
  @discardableResult
  func write(_ relative: String, _ text: String = "<region> sample=*sine\n") throws -> URL {
    let url = url(relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  /// A converter folder as polyphone writes it (`000/000_Name.sfz`, a `samples` folder beside
  /// the banks): bank 0 programs 0, 4 and 33, bank 8 program 4, drum kits 0 and 25 in bank 128.
  func converterBank() throws -> URL {
    for file in [
      "000/000_Grand Piano.sfz", "000/004_Rhodes EP.sfz", "000/033_Finger Bass.sfz",
      "008/004_Detuned EP 1.sfz", "128/000_Standard.sfz", "128/025_TR-808.sfz",
    ] {
      try write("GM/" + file)
    }
    try write("GM/samples/kick.wav", "")
    return url("GM")
  }
}
