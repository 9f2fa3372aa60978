import CLilv
import Foundation
import SFZSampler
import Testing

/// The plugin's control ports, as lilv reads them from the bundle: one per parameter of the
/// parameter tree of a sampler made as the plugin makes its own, in address order.
@Suite(.enabled(if: PluginBundle.isAvailable, "the LV2 bundle could not be built or found"))
struct PluginPortTests {
  /// The symbols of the parameters' ports as first released: hosts keep them in sessions and
  /// presets, so a symbol never changes (new parameters add ports after these).
  static let releasedSymbols = [
    "master_volume", "voice_loopThroughRelease", "voice_monophonic", "voice_legato",
    "voice_glideRate", "vibrato_depth", "vibrato_rate", "tuning_pitchBendRange",
    "ampEnvelope_attack", "ampEnvelope_hold", "ampEnvelope_decay", "ampEnvelope_sustain",
    "ampEnvelope_release", "filter_enable", "filter_cutoff", "filter_strength", "filter_resonance",
    "filter_keyTracking", "filterEnvelope_velocityScaling", "filterEnvelope_attack",
    "filterEnvelope_decay", "filterEnvelope_sustain", "filterEnvelope_release",
    "pitchEnvelope_attack", "pitchEnvelope_decay", "pitchEnvelope_sustain",
    "pitchEnvelope_release", "pitchEnvelope_semitones", "voiceVibrato_depth",
    "voiceVibrato_rate", "voiceVibrato_restart", "voice_quality", "voice_polyphony",
    "tuning_masterTune",
  ]

  /// The parameters of a sampler made as the plugin makes its own, by address.
  static var tree: [SamplerParameter] {
    Sampler(sampleRate: 48_000, maximumPolyphony: 128, quality: .hermite).parameters.all
      .sorted { $0.address < $1.address }
  }

  /// The LV2 unit and port properties each kind of value is shown with.
  static func expected(_ unit: ParameterUnit) -> (unit: String?, properties: Set<String>) {
    switch unit {
    case .linearGain: return (URI.unitsPrefix + "coef", [])
    case .seconds: return (URI.unitsPrefix + "s", [])
    case .milliseconds: return (URI.unitsPrefix + "ms", [])
    case .hertz: return (URI.unitsPrefix + "hz", [])
    case .cents: return (URI.unitsPrefix + "cent", [])
    case .semitones: return (URI.unitsPrefix + "semitone12TET", [])
    case .decibels: return (URI.unitsPrefix + "db", [])
    case .ratio, .generic: return (nil, [])
    case .boolean: return (nil, [URI.coreToggled])
    case .indexed: return (nil, [URI.coreInteger, URI.coreEnumeration])
    case .voices: return (nil, [URI.coreInteger])
    }
  }

  @Test func lilvFindsTheBundleThroughLV2PathWithTheEnginesRanges() throws {
    let lv2 = try LV2World()
    let folder = try PluginBundle.folder.get()
    #expect(
      lv2.bundlePath.hasPrefix(folder.resolvingSymlinksInPath().path)
        || lv2.bundlePath.hasPrefix(folder.path))
    let symbols = lv2.portSymbols
    #expect(Array(symbols.prefix(4)) == ["control", "notify", "out_left", "out_right"])
    #expect(!symbols.contains("tempo"))
    let ranges = Dictionary(uniqueKeysWithValues: zip(symbols, lv2.portRanges))
    // values the engine's header documents
    let master = try #require(ranges["master_volume"])
    #expect((master.minimum, master.maximum, master.default) == (0, 4, 1))
    let polyphony = try #require(ranges["voice_polyphony"])
    #expect((polyphony.minimum, polyphony.maximum, polyphony.default) == (1, 128, 128))
    let sustain = try #require(ranges["ampEnvelope_sustain"])
    #expect((sustain.minimum, sustain.maximum, sustain.default) == (0, 1, 1))
    let tune = try #require(ranges["tuning_masterTune"])
    #expect((tune.minimum, tune.maximum, tune.default) == (-1200, 1200, 0))
    #expect(ranges["vibrato_rate"]?.default == 5)
    #expect(ranges["filter_cutoff"]?.default == 4)
  }

  @Test func everyParameterOfTheTreeIsAControlPortInAddressOrderWithItsNameAndRange() throws {
    let lv2 = try LV2World()
    let tree = Self.tree
    #expect(lv2.portSymbols.count == 4 + tree.count)
    #expect(
      Array(lv2.portSymbols.dropFirst(4).prefix(Self.releasedSymbols.count))
        == Self.releasedSymbols)
    for (offset, parameter) in tree.enumerated() {
      let port = lv2.portDescription(4 + offset)
      #expect(lv2.port(4 + offset, isA: URI.coreControlPort))
      #expect(port.symbol == parameter.identifier.replacingOccurrences(of: ".", with: "_"))
      #expect(port.name == parameter.name)
      #expect(port.minimum == parameter.minimum, "\(parameter)")
      #expect(port.maximum == parameter.maximum, "\(parameter)")
      #expect(port.defaultValue == parameter.defaultValue, "\(parameter)")
    }
  }

  @Test func eachPortShowsItsParametersUnitAsAnLV2UnitOrPortProperty() throws {
    let lv2 = try LV2World()
    for (offset, parameter) in Self.tree.enumerated() {
      let port = lv2.portDescription(4 + offset)
      let expected = Self.expected(parameter.unit)
      #expect(port.unit == expected.unit, "\(parameter) (\(parameter.unit))")
      #expect(port.properties == expected.properties, "\(parameter) (\(parameter.unit))")
      let choices = Dictionary(
        uniqueKeysWithValues: parameter.valueStrings.enumerated().map { (Float($0), $1) })
      #expect(port.scalePoints == choices, "\(parameter)")
    }
    let quality = lv2.portDescription(lv2.portSymbols.firstIndex(of: "voice_quality")!)
    #expect(quality.scalePoints == [0: "linear", 1: "hermite", 2: "sinc"])
  }
}
