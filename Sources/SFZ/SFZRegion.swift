/// One playable region with everything it inherits (global -> master -> group -> region).
///
/// ```swift
/// let low = region.int("lokey") ?? 0      // note names and offsets already applied
/// let gain = region.double("volume") ?? 0
/// ```
public struct SFZRegion: Sendable, Hashable {
  /// Effective opcodes by canonical name (the innermost level wins).
  public var opcodes: [String: SFZOpcode]
  /// Where the `<region>` header was written.
  public var location: SFZLocation
  /// Absolute path of the sample file when found, the generator name (`*sine`) as written,
  /// or the expected path when the file is missing (see `sampleExists`); `nil` without `sample`.
  public var samplePath: String?
  /// Whether `samplePath` names an existing file or a generator.
  public var sampleExists: Bool

  /// Creates a region.
  public init(
    opcodes: [String: SFZOpcode], location: SFZLocation, samplePath: String? = nil,
    sampleExists: Bool = false
  ) {
    self.opcodes = opcodes
    self.location = location
    self.samplePath = samplePath
    self.sampleExists = sampleExists
  }

  /// The opcode's validated number (clamped to its range), truncated toward zero.
  public func int(_ name: String) -> Int? {
    opcodes[name]?.number.map(Self.int32)
  }

  /// A validated number as a whole number within 32 bits, the widest integer field the engine
  /// keeps below frame positions: an absurd value in a file becomes the nearest one that fits
  /// instead of a trap in a conversion.
  static func int32(_ number: Double) -> Int {
    Int(min(max(number.rounded(.towardZero), Double(Int32.min)), Double(Int32.max)))
  }

  /// The opcode's validated number (clamped to its range).
  public func double(_ name: String) -> Double? {
    opcodes[name]?.number
  }

  /// A key-valued opcode as a MIDI note (names such as `c#4` already converted, offsets applied).
  public func note(_ name: String) -> Int? {
    int(name)
  }

  /// The opcode's value text.
  public func string(_ name: String) -> String? {
    opcodes[name]?.value
  }
}
