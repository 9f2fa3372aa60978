import CSamplerCore

/// One engine-wide control of a ``Sampler``: what it is called, what it measures, the values it
/// takes and whether it can ramp. A sampler lists its own in ``Sampler/parameters``.
///
/// The ``address`` and the ``identifier`` are stable: a saved state or preset names parameters
/// by identifier, and an address is never reused or renumbered. Range, default and whether the
/// parameter ramps are the engine's own (`sc_param_get_info`). The static members
/// (``masterVolume``, ``ampAttack``, ...) carry the ranges of a sampler made with the default
/// configuration; a sampler's ``ParameterTree`` lists its own, which differ for ``polyphony``
/// (up to the sampler's ``Sampler/maximumPolyphony``) and ``quality`` (whose default is the
/// sampler's ``Sampler/quality``). Two values with the same address are the same parameter, so
/// they compare equal whichever sampler they come from.
public struct SamplerParameter: Sendable, Hashable, CustomStringConvertible {
  /// The stable numeric address (the engine's parameter number).
  public let address: Int
  /// The stable string identifier, grouped: `group.name` (`ampEnvelope.attack`).
  public let identifier: String
  /// A name to show.
  public let name: String
  /// The group: the identifier's part before the dot (`ampEnvelope`).
  public var group: String { String(identifier.prefix { $0 != "." }) }
  /// A name to show for the group.
  public let groupName: String
  /// What the value measures.
  public let unit: ParameterUnit
  /// The lowest value; a lower one is clamped to it.
  public let minimum: Float
  /// The highest value; a higher one is clamped to it.
  public let maximum: Float
  /// The value a sampler starts with, and the one a preset that omits the parameter gives it.
  public let defaultValue: Float
  /// Whether a ``SamplerEvent/parameter(_:value:rampFrames:frame:)`` event can ramp it; one
  /// that cannot takes its new value at the event's frame.
  public let canRamp: Bool
  /// The names of the choices of an ``ParameterUnit/indexed`` parameter, value 0 first; empty
  /// for the others.
  public let valueStrings: [String]
  /// Whether the value belongs to the document rather than to the sound: it is kept by
  /// ``SamplerDocumentState``, and presets and ``SamplerState`` leave it alone.
  public let isDocumentSetting: Bool

  /// The parameter an entry of the catalogue describes, with its range in an engine made with
  /// `config`.
  init(_ entry: Entry, config: sc_engine_config) {
    var info = sc_param_info()
    var config = config
    let known = sc_param_get_info(sc_param(UInt32(entry.address)), &config, &info)
    precondition(known, "SFZSampler: the engine does not know parameter \(entry.address)")
    address = entry.address
    identifier = entry.identifier
    name = entry.name
    groupName = entry.groupName
    unit = entry.unit
    minimum = info.minimum
    maximum = info.maximum
    defaultValue = info.default_value
    canRamp = info.can_ramp
    valueStrings = entry.valueStrings
    isDocumentSetting = entry.isDocumentSetting
  }

  /// The engine's number for the parameter.
  var core: sc_param { sc_param(UInt32(address)) }

  /// `value` within the range; nil when it is not a finite number.
  func clamped(_ value: Float) -> Float? {
    value.isFinite ? min(max(value, minimum), maximum) : nil
  }

  /// The parameter's identifier.
  public var description: String { identifier }

  /// Parameters are the same when their addresses are.
  public static func == (a: SamplerParameter, b: SamplerParameter) -> Bool {
    a.address == b.address
  }

  /// Hashes the address.
  public func hash(into hasher: inout Hasher) { hasher.combine(address) }
}
