/// Instrument-wide settings from `<control>` headers.
public struct SFZControl: Sendable, Hashable {
  /// Prefix for `sample` paths (the last `default_path` seen; a new `<control>` clears it).
  public var defaultPath: String = ""
  /// Semitones added to every key number of the regions that follow.
  public var noteOffset: Int = 0
  /// Octaves added to every key number of the regions that follow.
  public var octaveOffset: Int = 0
  /// Initial controller values, normalised to 0...1 (`set_ccN` / 127, `set_hdccN` as is).
  public var setCC: [Int: Double] = [:]
  /// Controller names from `label_ccN`.
  public var ccLabels: [Int: String] = [:]
  /// Key names from `label_keyN`.
  public var keyLabels: [Int: String] = [:]
  /// Every other opcode met in `<control>` blocks, in order.
  public var otherOpcodes: [SFZOpcode] = []

  /// Creates empty settings.
  public init() {}
}
