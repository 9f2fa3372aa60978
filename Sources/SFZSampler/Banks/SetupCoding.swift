import Foundation

/// The strict JSON coding shared by ``EnsembleSetup`` and ``ChannelSetup``: any key, so that an
/// unknown one can be refused by name (`Codable`'s synthesized decoding skips unknown keys,
/// which would let `"gian": -6` pass as no gain at all), and paths relative to a base folder.
struct SetupKey: CodingKey, Hashable {
  var stringValue: String
  var intValue: Int? { nil }

  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }

  /// Throws a `DecodingError` naming the first key of `container` not in `known`, with the key
  /// in its coding path (so the setup reader can find its line).
  static func refuseUnknown(
    in container: KeyedDecodingContainer<SetupKey>, known: [String]
  ) throws {
    for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue })
    where !known.contains(key.stringValue) {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath + [key],
          debugDescription: "unknown key '\(key.stringValue)' (known here: "
            + known.joined(separator: ", ") + ")"))
    }
  }

  /// A decoding error at `key` of `container`.
  static func invalid(
    _ key: SetupKey, in container: KeyedDecodingContainer<SetupKey>, _ message: String
  ) -> DecodingError {
    .dataCorrupted(.init(codingPath: container.codingPath + [key], debugDescription: message))
  }
}

/// Paths in a setup file: relative to the folder of the file (``EnsembleSetup/baseFolderKey``)
/// or absolute.
enum SetupPath {
  static func base(_ userInfo: [CodingUserInfoKey: Any]) -> URL {
    (userInfo[EnsembleSetup.baseFolderKey] as? URL)
      ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
  }

  static func url(_ written: String, base: URL) -> URL {
    written.hasPrefix("/")
      ? URL(fileURLWithPath: written) : base.appendingPathComponent(written).standardizedFileURL
  }

  /// Relative to `base` when inside it, so a song folder moves with its setup; absolute
  /// otherwise (a shared bank elsewhere stays where it is).
  static func written(_ url: URL, base: URL) -> String {
    let path = url.standardizedFileURL.path
    let folder = base.standardizedFileURL.path
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}

extension ChannelSetup: Codable {
  /// Reads `{"instrument": "...", "gain": -3, "pan": 0.5}`; every key optional, no other key
  /// accepted, `gain` finite, `pan` in -1...1.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: SetupKey.self)
    try SetupKey.refuseUnknown(in: container, known: ["instrument", "gain", "pan"])
    let base = SetupPath.base(decoder.userInfo)
    instrument = try container.decodeIfPresent(String.self, forKey: SetupKey("instrument"))
      .map { SetupPath.url($0, base: base) }
    gain = try container.decodeIfPresent(Double.self, forKey: SetupKey("gain")) ?? 0
    pan = try container.decodeIfPresent(Double.self, forKey: SetupKey("pan")) ?? 0
    guard gain.isFinite else {
      throw SetupKey.invalid(SetupKey("gain"), in: container, "gain \(gain) dB is not finite")
    }
    guard (-1...1).contains(pan) else {
      throw SetupKey.invalid(SetupKey("pan"), in: container, "pan \(pan) is not in -1...1")
    }
  }

  /// Writes the instrument (relative to the base folder when inside it) and any gain or pan
  /// that is not 0.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: SetupKey.self)
    if let instrument {
      try container.encode(
        SetupPath.written(instrument, base: SetupPath.base(encoder.userInfo)),
        forKey: SetupKey("instrument"))
    }
    if gain != 0 { try container.encode(gain, forKey: SetupKey("gain")) }
    if pan != 0 { try container.encode(pan, forKey: SetupKey("pan")) }
  }
}

extension EnsembleSetup: Codable {
  /// Reads the documented format (``EnsembleSetup``); throws a `DecodingError` whose coding
  /// path ends at the offending key.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: SetupKey.self)
    try SetupKey.refuseUnknown(in: container, known: ["bank", "channels", "programs"])
    let base = SetupPath.base(decoder.userInfo)
    bank = try container.decodeIfPresent(String.self, forKey: SetupKey("bank"))
      .map { SetupPath.url($0, base: base) }
    channels = [:]
    if container.contains(SetupKey("channels")) {
      let list = try container.nestedContainer(keyedBy: SetupKey.self, forKey: SetupKey("channels"))
      for key in list.allKeys {
        guard let channel = Int(key.stringValue), (1...16).contains(channel) else {
          throw SetupKey.invalid(key, in: list, "channel '\(key.stringValue)' is not 1 to 16")
        }
        channels[channel - 1] = try list.decode(ChannelSetup.self, forKey: key)
      }
    }
    programs = [:]
    if container.contains(SetupKey("programs")) {
      let list = try container.nestedContainer(keyedBy: SetupKey.self, forKey: SetupKey("programs"))
      for key in list.allKeys {
        guard let program = Int(key.stringValue), (0...127).contains(program) else {
          throw SetupKey.invalid(key, in: list, "program '\(key.stringValue)' is not 0 to 127")
        }
        programs[program] = SetupPath.url(try list.decode(String.self, forKey: key), base: base)
      }
    }
  }

  /// Writes the documented format, channels numbered from 1, paths relative to the base folder
  /// when inside it; empty parts are left out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: SetupKey.self)
    let base = SetupPath.base(encoder.userInfo)
    if let bank {
      try container.encode(SetupPath.written(bank, base: base), forKey: SetupKey("bank"))
    }
    if !channels.isEmpty {
      var list = container.nestedContainer(keyedBy: SetupKey.self, forKey: SetupKey("channels"))
      for (channel, setup) in channels {
        guard (0...15).contains(channel) else {
          throw EncodingError.invalidValue(
            channel,
            .init(
              codingPath: list.codingPath,
              debugDescription: "channel index \(channel) not in 0...15"))
        }
        try list.encode(setup, forKey: SetupKey(String(channel + 1)))
      }
    }
    if !programs.isEmpty {
      var list = container.nestedContainer(keyedBy: SetupKey.self, forKey: SetupKey("programs"))
      for (program, url) in programs {
        guard (0...127).contains(program) else {
          throw EncodingError.invalidValue(
            program,
            .init(
              codingPath: list.codingPath, debugDescription: "program \(program) not in 0...127"))
        }
        try list.encode(SetupPath.written(url, base: base), forKey: SetupKey(String(program)))
      }
    }
  }
}
