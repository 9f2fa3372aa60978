import Foundation

/// Everything that makes a sampler sound as it does, apart from the document settings: the
/// instrument it plays (by reference), every parameter, and the preset last chosen. Saved with
/// ``Sampler/fullState`` and restored with ``Sampler/setFullState(_:)``, it re-renders the same
/// events to the same samples, bit for bit.
///
/// Document settings (``SamplerParameter/isDocumentSetting``: the master tune) and the key
/// tuning belong to ``SamplerDocumentState`` instead, as a host's global settings do.
///
/// As JSON (``jsonData()``, ``init(jsonData:source:)``):
///
/// ```json
/// {
///   "currentPreset" : {"name" : "Mono Lead", "number" : 1, "values" : {...}},
///   "formatVersion" : 1,
///   "instrument" : {"contentHash" : "fnv1a64:9c4e2b1f0a7d3e85", "path" : "/songs/piano.sfz"},
///   "parameters" : {"ampEnvelope.attack" : 0, "master.volume" : 0.5, ...}
/// }
/// ```
///
/// Reading is forgiving where a newer version may differ and strict where data is broken: keys
/// this version does not know are ignored and parameters the state leaves out take their
/// defaults, so a state from a newer version loads; JSON that is malformed, a value of the wrong
/// kind, or a format version below 1 throws ``StateError``.
public struct SamplerState: Sendable, Hashable, Codable {
  /// The format version this library writes.
  public static let currentFormatVersion = 1

  /// The format version the state was written in.
  public var formatVersion: Int
  /// The SFZ instrument playing when the state was saved; nil for samples mapped with
  /// ``Sampler/buildKeyMap()`` or no instrument. Restoring a state does not load it: load the
  /// instrument, then set the state.
  public var instrument: InstrumentReference?
  /// Every parameter's value by identifier, document settings aside.
  public var parameters: [String: Float]
  /// The preset last chosen; restoring the state makes it current again without applying it,
  /// since ``parameters`` already holds the values.
  public var currentPreset: SamplerPreset?

  /// Creates a state.
  public init(
    instrument: InstrumentReference?, parameters: [String: Float], currentPreset: SamplerPreset?,
    formatVersion: Int = Self.currentFormatVersion
  ) {
    self.formatVersion = formatVersion
    self.instrument = instrument
    self.parameters = parameters
    self.currentPreset = currentPreset
  }

  private enum CodingKeys: String, CodingKey {
    case formatVersion, instrument, parameters, currentPreset
  }

  /// Reads a state; see the type's description for what is forgiven.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    formatVersion = try container.formatVersion(forKey: .formatVersion)
    instrument = try container.decodeIfPresent(InstrumentReference.self, forKey: .instrument)
    parameters =
      try container.decodeIfPresent(ParameterValues.self, forKey: .parameters)?.values ?? [:]
    currentPreset = try container.decodeIfPresent(SamplerPreset.self, forKey: .currentPreset)
  }

  /// Writes the state, its values as numbers.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(formatVersion, forKey: .formatVersion)
    try container.encodeIfPresent(instrument, forKey: .instrument)
    try container.encode(ParameterValues(parameters), forKey: .parameters)
    try container.encodeIfPresent(currentPreset, forKey: .currentPreset)
  }

  /// Reads a state from JSON; `source` names the data in errors (a file's path).
  public init(jsonData: Data, source: String = "state") throws(StateError) {
    self = try StateJSON.decode(Self.self, from: jsonData, source: source)
  }

  /// Reads a state from a JSON file.
  public init(contentsOf url: URL) throws(StateError) {
    try self.init(jsonData: try StateJSON.read(url), source: url.path)
  }

  /// The state as JSON: keys sorted and indented, every Float in the shortest form that reads
  /// back to the same bits. Throws for a value that is not a finite number, which JSON cannot
  /// hold.
  public func jsonData() throws(StateError) -> Data {
    try check(source: "state")
    return StateJSON.encode(self)
  }

  /// Writes ``jsonData()`` to a file: whole, or not at all (an earlier file stays as it was).
  public func write(to url: URL) throws(StateError) {
    try check(source: url.path)
    try AtomicFile.write(StateJSON.encode(self), to: url)
  }

  /// Throws for the first value that is not a finite number.
  func check(source: String) throws(StateError) {
    try SamplerPreset(number: 0, name: "", values: parameters).checkValues(source: source)
    try currentPreset?.checkValues(source: source)
  }
}
