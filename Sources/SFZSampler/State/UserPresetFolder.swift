import Foundation

/// The user presets in a folder the host chooses: saved, listed, read and deleted. Each preset
/// is one JSON file named for its number (`user-preset-3.json` holds preset -3), written whole
/// or not at all, so a crash or a full disk never leaves a preset half-written.
///
/// ```swift
/// let folder = UserPresetFolder(url: presetsURL)
/// try folder.save(sampler.preset(number: try folder.nextFreeNumber(), name: "Warm Keys"))
/// for preset in try folder.presets() { print(preset) }  // -1 Warm Keys
/// ```
public struct UserPresetFolder: Sendable {
  /// The folder; it is created by the first ``save(_:)``.
  public let url: URL

  /// The user presets in `url`.
  public init(url: URL) {
    self.url = url
  }

  private static let prefix = "user-preset-"
  private static let suffix = ".json"

  /// The file that holds preset `number`.
  func fileURL(number: Int) -> URL {
    url.appendingPathComponent("\(Self.prefix)\(-number)\(Self.suffix)")
  }

  /// Every preset in the folder, -1 first; none when the folder does not exist. Throws, naming
  /// the file, when one cannot be read or holds no preset (or not the one its name says).
  public func presets() throws(StateError) -> [SamplerPreset] {
    var presets: [SamplerPreset] = []
    for number in try numbers() {
      presets.append(try preset(number: number))
    }
    return presets
  }

  /// Preset `number`.
  public func preset(number: Int) throws(StateError) -> SamplerPreset {
    let file = fileURL(number: number)
    guard FileManager.default.fileExists(atPath: file.path) else {
      throw .noSuchPreset(folder: url.path, number: number)
    }
    let preset = try StateJSON.decode(
      SamplerPreset.self, from: try StateJSON.read(file), source: file.path)
    guard preset.number == number else {
      throw .corrupt(source: file.path, reason: "holds preset \(preset.number), not \(number)")
    }
    return preset
  }

  /// Saves a preset (a negative number), replacing one of the same number; creates the folder.
  public func save(_ preset: SamplerPreset) throws(StateError) {
    guard preset.isUserPreset else {
      throw .notAUserPreset(name: preset.name, number: preset.number)
    }
    try preset.checkValues(source: fileURL(number: preset.number).path)
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      throw .unwritable(path: url.path, reason: StateJSON.reason(error))
    }
    try AtomicFile.write(StateJSON.encode(preset), to: fileURL(number: preset.number))
  }

  /// Deletes preset `number`.
  public func delete(number: Int) throws(StateError) {
    let file = fileURL(number: number)
    guard FileManager.default.fileExists(atPath: file.path) else {
      throw .noSuchPreset(folder: url.path, number: number)
    }
    guard unlink(file.path) == 0 else {
      throw .unwritable(path: file.path, reason: String(cString: strerror(errno)))
    }
  }

  /// The number a new preset takes: one below the lowest in the folder (-1 in an empty one).
  public func nextFreeNumber() throws(StateError) -> Int {
    (try numbers().last ?? 0) - 1
  }

  /// The numbers of the preset files, -1 first; other files (and unfinished writes) are left
  /// out.
  private func numbers() throws(StateError) -> [Int] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: url.path)
    } catch {
      var isFolder: ObjCBool = false
      if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) { return [] }
      throw .unreadable(path: url.path, reason: StateJSON.reason(error))
    }
    return names.compactMap { name -> Int? in
      guard name.hasPrefix(Self.prefix), name.hasSuffix(Self.suffix) else { return nil }
      let digits = name.dropFirst(Self.prefix.count).dropLast(Self.suffix.count)
      guard let count = Int(digits), count > 0, String(count) == digits else { return nil }
      return -count
    }.sorted(by: >)
  }
}
