import Foundation

/// The settings that belong to a host's document rather than to the sampler's sound, as the
/// Audio Unit `fullStateForDocument` keeps them apart from `fullState`: the master tune
/// (`tuning.masterTune`) and the key tuning (``Sampler/tuning``). Presets and ``SamplerState``
/// leave them alone. Saved with ``Sampler/documentState`` and restored with
/// ``Sampler/setDocumentState(_:)``.
///
/// As JSON: `{"formatVersion": 1, "masterTune": 0, "tuning": {"name": "...",
/// "keyFrequencies": [8.1757989156437, ...]}}`, a `null` frequency for a key that plays nothing.
/// Unknown keys are ignored and a missing setting takes its default, as in ``SamplerState``.
public struct SamplerDocumentState: Sendable, Equatable, Codable {
  /// The format version this library writes.
  public static let currentFormatVersion = 1

  /// The format version the state was written in.
  public var formatVersion: Int
  /// Cents added to every voice (``SamplerParameter/masterTune``).
  public var masterTune: Float
  /// The frequency of every key.
  public var tuning: Tuning

  /// Creates a document state.
  public init(
    masterTune: Float, tuning: Tuning, formatVersion: Int = Self.currentFormatVersion
  ) {
    self.formatVersion = formatVersion
    self.masterTune = masterTune
    self.tuning = tuning
  }

  private enum CodingKeys: String, CodingKey {
    case formatVersion, masterTune, tuning
  }

  private enum TuningKeys: String, CodingKey {
    case name, keyFrequencies
  }

  /// Reads a document state.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    formatVersion = try container.formatVersion(forKey: .formatVersion)
    masterTune =
      try container.decodeIfPresent(Float.self, forKey: .masterTune)
      ?? SamplerParameter.masterTune.defaultValue
    guard container.contains(.tuning) else {
      tuning = .equalTemperament
      return
    }
    let table = try container.nestedContainer(keyedBy: TuningKeys.self, forKey: .tuning)
    let frequencies = try table.decode([Double?].self, forKey: .keyFrequencies)
    let name = try table.decodeIfPresent(String.self, forKey: .name) ?? ""
    guard let tuning = Tuning(frequencies: frequencies, name: name) else {
      throw DecodingError.dataCorruptedError(
        forKey: .keyFrequencies, in: table,
        debugDescription: "the tuning needs 128 key frequencies, each positive or null")
    }
    self.tuning = tuning
  }

  /// Writes the document state.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(formatVersion, forKey: .formatVersion)
    try container.encode(masterTune, forKey: .masterTune)
    var table = container.nestedContainer(keyedBy: TuningKeys.self, forKey: .tuning)
    try table.encode(tuning.name, forKey: .name)
    try table.encode(tuning.frequencies, forKey: .keyFrequencies)
  }

  /// Reads a document state from JSON; `source` names the data in errors.
  public init(jsonData: Data, source: String = "document state") throws(StateError) {
    self = try StateJSON.decode(Self.self, from: jsonData, source: source)
  }

  /// The document state as JSON, keys sorted and indented. Throws when ``masterTune`` is not a
  /// finite number, which JSON cannot hold.
  public func jsonData() throws(StateError) -> Data {
    try check(source: "document state")
    return StateJSON.encode(self)
  }

  /// Throws when ``masterTune`` is not a finite number.
  func check(source: String) throws(StateError) {
    guard masterTune.isFinite else {
      throw .invalidValue(
        source: source, identifier: SamplerParameter.masterTune.identifier, value: masterTune)
    }
  }
}
