/// A preset the bundle ships (presets.ttl): parameter values that differ from the defaults.
public struct PluginPreset: Sendable {
  /// The name hosts show; also the last part of its URI.
  public let name: String
  /// Values by parameter identifier; every other parameter takes its default.
  public let values: [String: Float]

  /// The preset's value of `parameter`.
  public func value(of parameter: PluginParameter) -> Float {
    values[parameter.identifier] ?? parameter.info.default_value
  }
}

/// The presets the bundle ships, written to presets.ttl by sfzsampler-lv2-bundle.
public enum PluginPresets {
  /// Every preset, "Default" (every parameter at its default) first.
  public static let all: [PluginPreset] = [PluginPreset(name: "Default", values: [:])]
}
