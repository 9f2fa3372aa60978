import CSamplerCore
import Foundation
import SFZSampler
import Testing

/// Presets (issue 11 part 3): factory presets (the library's own, numbers 0...99, and an
/// instrument's sidecar file NAME.presets.json, 100 and up), user presets (negative numbers) in
/// a folder the host chooses, and currentPreset, which sets every parameter but the document
/// settings.
@Suite("Presets")
struct PresetTests {
  /// The engine's default for each parameter of a default engine (sc_param_get_info).
  static func engineDefault(_ parameter: SamplerParameter) -> Float {
    var config = sc_engine_config()
    sc_engine_config_init(&config)
    var info = sc_param_info()
    _ = sc_param_get_info(sc_param(UInt32(parameter.address)), &config, &info)
    return info.default_value
  }

  /// A value away from the default inside the range: the far end from the default.
  static func awayFromDefault(_ parameter: SamplerParameter) -> Float {
    let value = parameter.defaultValue == parameter.minimum ? parameter.maximum : parameter.minimum
    return parameter.unit == .indexed || parameter.unit == .voices ? value.rounded() : value
  }

  @Test func choosingAPresetSetsEveryValue() throws {
    let sampler = Sampler()
    let tree = sampler.parameters
    let sound = tree.all.filter { !$0.isDocumentSetting }
    #expect(sound.count == 45)
    var values: [String: Float] = [:]
    for parameter in sound { values[parameter.identifier] = Self.awayFromDefault(parameter) }
    tree[.masterTune] = 50
    sampler.currentPreset = SamplerPreset(number: -1, name: "Everything", values: values)
    for parameter in sound {
      #expect(tree[parameter] == values[parameter.identifier], "\(parameter)")
      #expect(tree[parameter] != Self.engineDefault(parameter), "\(parameter)")
    }
    #expect(sampler.currentPreset?.name == "Everything")

    // a preset naming one value puts every other back to its default
    sampler.currentPreset = SamplerPreset(number: -2, name: "One", values: ["vibrato.depth": 30])
    for parameter in sound where parameter != .vibratoDepth {
      #expect(tree[parameter] == Self.engineDefault(parameter), "\(parameter)")
    }
    #expect(tree[.vibratoDepth] == 30)
    // the master tune is the document's, not the preset's
    #expect(tree[.masterTune] == 50)

    // choosing nil changes nothing
    sampler.currentPreset = nil
    #expect(tree[.vibratoDepth] == 30 && sampler.currentPreset == nil)
    sampler.currentPreset = sampler.factoryPresets.first { $0.name == "Default" }
    #expect(sound.allSatisfy { tree[$0] == Self.engineDefault($0) })
  }

  /// Out-of-range values clamp; a value that is not a number counts as left out.
  @Test func presetValuesAreClampedAndNaNIsADefault() {
    let sampler = Sampler()
    sampler.currentPreset = SamplerPreset(
      number: -1, name: "Odd", values: ["master.volume": 100, "vibrato.depth": .nan])
    #expect(sampler.masterVolume == SamplerParameter.masterVolume.maximum)
    #expect(sampler.vibratoDepth == Self.engineDefault(.vibratoDepth))
  }

  /// The library's presets: Default first (no values, so every default), then three musical
  /// ones whose every identifier is a parameter of the tree, none a document setting.
  @Test func libraryPresetsNameRealParameters() {
    let sampler = Sampler()
    #expect(
      sampler.factoryPresets.map(\.description) == [
        "0 Default", "1 Mono Lead", "2 Soft Pad", "3 Pluck",
      ])
    #expect(sampler.factoryPresets[0].values.isEmpty)
    #expect(sampler.currentPreset?.number == 0)
    for preset in sampler.factoryPresets {
      for (identifier, value) in preset.values {
        let parameter = sampler.parameters.parameter(identifier: identifier)
        #expect(parameter != nil, "\(preset): \(identifier)")
        #expect(parameter?.isDocumentSetting == false)
        #expect(parameter.map { ($0.minimum...$0.maximum).contains(value) } == true)
      }
    }
    sampler.currentPreset = sampler.factoryPresets[1]
    #expect(sampler.isMonophonic && sampler.isLegato && sampler.vibratoDepth == 12)
  }

  @Test func userPresetsSaveListLoadAndDelete() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("sfz-presets-\(UUID().uuidString)/nested")
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let presets = UserPresetFolder(url: folder)
    #expect(try presets.presets().isEmpty)  // no folder yet: no presets
    #expect(try presets.nextFreeNumber() == -1)

    let sampler = Sampler()
    sampler.glideRate = 0.25
    sampler.filterCutoff = 1.0 / 3
    let first = sampler.preset(number: try presets.nextFreeNumber(), name: "Glide")
    try presets.save(first)
    #expect(try presets.nextFreeNumber() == -2)
    sampler.isMonophonic = true
    let second = sampler.preset(number: -2, name: "Mono Glide")
    try presets.save(second)
    #expect(try presets.presets() == [first, second])
    #expect(first.values.count == 45 && first.values["voice.glideRate"] == 0.25)

    // a fresh sampler loads preset -2 back and sounds as the first did
    let other = Sampler()
    other.currentPreset = try presets.preset(number: -2)
    #expect(other.isMonophonic && other.glideRate == 0.25)
    #expect(other.filterCutoff.bitPattern == (Float(1) / 3).bitPattern)

    // saving the same number replaces it; deleting removes it
    try presets.save(SamplerPreset(number: -1, name: "Renamed"))
    #expect(try presets.preset(number: -1).name == "Renamed")
    try presets.delete(number: -1)
    #expect(try presets.presets().map(\.number) == [-2])
    #expect(throws: StateError.noSuchPreset(folder: folder.path, number: -1)) {
      try presets.delete(number: -1)
    }
    #expect(throws: StateError.notAUserPreset(name: "Factory", number: 4)) {
      try presets.save(SamplerPreset(number: 4, name: "Factory"))
    }
    // nothing but the presets' own files: no temporary file left behind
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names == ["user-preset-2.json"])

    // a damaged preset file is named
    try Data("{\"number\": -3, \"name\": ".utf8).write(
      to: folder.appendingPathComponent("user-preset-3.json"))
    #expect {
      try presets.presets()
    } throws: { error in
      "\(error)".hasPrefix(folder.appendingPathComponent("user-preset-3.json").path + ": ")
    }
  }

  /// An instrument's sidecar presets join the factory presets after the library's, in number
  /// order, with values written as numbers, booleans and value strings.
  @Test func sidecarPresetsLoadWithTheInstrument() throws {
    let rig = try ParameterRig()
    try """
    {
      "presets": [
        {"number": 101, "name": "Sinc", "values": {"voice.quality": "sinc", "filter.enable": true}},
        {"number": 100, "name": "Quiet", "values": {"master.volume": 0.25}}
      ]
    }
    """.write(to: rig.sidecarURL, atomically: true, encoding: .utf8)
    let sampler = Sampler()
    let report = try sampler.loadInstrument(url: rig.instrumentURL)
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    #expect(report.sourceFiles.contains(rig.sidecarURL.path))
    #expect(sampler.factoryPresets.map(\.number) == [0, 1, 2, 3, 100, 101])
    sampler.currentPreset = sampler.factoryPresets.last
    #expect(sampler.parameters[.quality] == 2 && sampler.isFilterEnabled)
    sampler.currentPreset = sampler.factoryPresets.first { $0.name == "Quiet" }
    #expect(sampler.masterVolume == 0.25 && !sampler.isFilterEnabled)
    // another instrument brings its own presets, or none
    sampler.unloadAllSamples()
    #expect(sampler.factoryPresets.map(\.number) == [0, 1, 2, 3])
  }

  /// A sidecar that is not what the format says gives one diagnostic naming the file, and the
  /// instrument loads without its presets; strict loading refuses it.
  @Test(arguments: [
    ("{\"presets\": [", "not valid JSON"),
    ("{\"presets\": [{\"number\": 7, \"name\": \"Low\"}]}", "numbered from 100"),
    (
      "{\"presets\": [{\"number\": 100, \"name\": \"A\"}, {\"number\": 100, \"name\": \"B\"}]}",
      "used twice"
    ),
    (
      "{\"presets\": [{\"number\": 100, \"name\": \"A\", \"values\": {\"voice.quality\": \"best\"}}]}",
      "voice.quality must be a number or one of linear, hermite, sinc"
    ),
    ("{\"presets\": [{\"number\": 100, \"values\": {}}]}", "missing \"name\""),
    ("[1, 2]", "expected"),
  ])
  func aBadSidecarIsDiagnosedAndIgnored(text: String, reason: String) throws {
    let rig = try ParameterRig()
    try text.write(to: rig.sidecarURL, atomically: true, encoding: .utf8)
    let sampler = Sampler()
    let report = try sampler.loadInstrument(url: rig.instrumentURL)
    #expect(report.regionCount == 2)
    #expect(report.diagnostics.count == 1)
    let line = report.diagnostics.first?.description ?? ""
    #expect(line.hasPrefix(rig.sidecarURL.path + ":0: warning: "), "\(line)")
    #expect(line.contains(reason), "\(line)")
    #expect(line.hasSuffix("the instrument's presets are ignored"), "\(line)")
    #expect(sampler.factoryPresets.map(\.number) == [0, 1, 2, 3])
    #expect {
      try Sampler().loadInstrument(url: rig.instrumentURL, strict: true)
    } throws: { error in
      "\(error)".hasPrefix(rig.sidecarURL.path + ":")
    }
  }

  /// Identifiers no parameter has are one warning naming them; the presets load without them.
  @Test func unknownIdentifiersInASidecarAreWarnedOf() throws {
    let rig = try ParameterRig()
    try """
    {"presets": [{"number": 100, "name": "A", "values": {"room.size": 3, "vibrato.depth": 9}},
                 {"number": 102, "name": "B", "values": {"chorus.mix": 1}}]}
    """.write(to: rig.sidecarURL, atomically: true, encoding: .utf8)
    let sampler = Sampler()
    let report = try sampler.loadInstrument(url: rig.instrumentURL)
    #expect(
      report.diagnostics.map(\.description) == [
        rig.sidecarURL.path + ":0: warning: no parameter is called chorus.mix, room.size; the"
          + " presets load without those values"
      ])
    #expect(sampler.factoryPresets.suffix(2).map(\.values) == [["vibrato.depth": 9], [:]])
  }
}
