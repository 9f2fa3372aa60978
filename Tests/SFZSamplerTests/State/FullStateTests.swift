import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// The full state of issue 11 part 3: a Codable value holding the instrument reference (path and
/// content hash), every parameter and the current preset; exact through JSON, re-rendering
/// bit-identically; corrupt state refused with the sampler untouched, newer state loaded.
@Suite("Full state")
struct FullStateTests {
  /// Where the Floats of two states differ in their bits, for a short failure message.
  static func differences(_ a: SamplerState, _ b: SamplerState) -> [String] {
    let (x, y) = (bits(a), bits(b))
    return Set(x.keys).union(y.keys).sorted().filter { x[$0] != y[$0] }
  }

  /// Every Float of a state by where it is, as bit patterns.
  static func bits(_ state: SamplerState) -> [String: UInt32] {
    var bits = state.parameters.mapValues(\.bitPattern)
    for (identifier, value) in state.currentPreset?.values ?? [:] {
      bits["preset." + identifier] = value.bitPattern
    }
    return bits
  }

  /// 20,000 random finite Floats of every magnitude, read back from JSON bit for bit.
  @Test func jsonRoundTripIsBitExact() throws {
    var random = SplitMix(seed: 11)
    let identifiers = SamplerParameter.allIdentifiersForTests
    for _ in 0..<300 {
      var values: [String: Float] = [:]
      var presetValues: [String: Float] = [:]
      for identifier in identifiers {
        values[identifier] = Self.randomFinite(&random)
        presetValues[identifier] = Self.randomFinite(&random)
      }
      let state = SamplerState(
        instrument: InstrumentReference(path: "/a/b.sfz", contentHash: "fnv1a64:0123456789abcdef"),
        parameters: values,
        currentPreset: SamplerPreset(number: -7, name: "Ünïcode \"quoted\"", values: presetValues))
      let read = try SamplerState(jsonData: try state.jsonData())
      #expect(Self.differences(read, state) == [])
      #expect(read.instrument == state.instrument)
      #expect(read.currentPreset?.name == state.currentPreset?.name)
      #expect(read.formatVersion == 1)
    }
    // the edges: smallest subnormal, largest finite, negative zero, values with no short decimal
    let edges: [Float] = [
      .leastNonzeroMagnitude, .greatestFiniteMagnitude, -0.0, 1.0 / 3, 0.1, .ulpOfOne,
      -.leastNormalMagnitude, Float(16_777_216).nextUp,
    ]
    let state = SamplerState(
      instrument: nil,
      parameters: Dictionary(uniqueKeysWithValues: zip(identifiers, edges)), currentPreset: nil)
    #expect(Self.differences(try SamplerState(jsonData: try state.jsonData()), state) == [])
  }

  /// A Float of a random bit pattern, tried again until finite.
  static func randomFinite(_ random: inout SplitMix) -> Float {
    while true {
      let value = Float(bitPattern: UInt32(random.next(below: 1 << 32)))
      if value.isFinite { return value }
    }
  }

  /// The state of a sampler holds every parameter but the master tune, the preset and the
  /// instrument: its standardized path and the FNV-1a 64 hash of its bytes.
  @Test func fullStateHoldsEverythingButTheDocumentSettings() throws {
    let rig = try ParameterRig()
    let sampler = try rig.sampler()
    sampler.currentPreset = sampler.factoryPresets[3]
    sampler.filterCutoff = 1.0 / 3
    sampler.parameters[.masterTune] = 30
    let state = sampler.fullState
    #expect(state.parameters.count == 45)
    #expect(state.parameters["tuning.masterTune"] == nil)
    #expect(state.parameters["filter.cutoff"]?.bitPattern == (Float(1) / 3).bitPattern)
    #expect(state.parameters["ampEnvelope.sustain"] == 0)  // Pluck's
    #expect(state.currentPreset == sampler.factoryPresets[3])
    #expect(state.instrument?.path == rig.instrumentURL.standardizedFileURL.path)
    let bytes = try Data(contentsOf: rig.instrumentURL)
    #expect(state.instrument?.contentHash == "fnv1a64:" + Self.fnv1a64Hex(bytes))
    let read = try SamplerState(jsonData: try state.jsonData())
    #expect(Self.differences(read, state) == [] && read == state)
  }

  /// FNV-1a 64 written out from its definition (offset basis 14695981039346656037, prime
  /// 1099511628211), checked against the published vectors for "", "a" and "foobar".
  static func fnv1a64Hex(_ bytes: Data) -> String {
    var hash: UInt64 = 14_695_981_039_346_656_037
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
    return String(format: "%016llx", hash)
  }

  @Test func contentHashFollowsThePublishedVectors() {
    #expect(InstrumentReference.contentHash(of: Data()) == "fnv1a64:cbf29ce484222325")
    #expect(InstrumentReference.contentHash(of: Data("a".utf8)) == "fnv1a64:af63dc4c8601ec8c")
    #expect(InstrumentReference.contentHash(of: Data("foobar".utf8)) == "fnv1a64:85944171f73967e8")
    #expect(Self.fnv1a64Hex(Data("foobar".utf8)) == "85944171f73967e8")
  }

  /// The events both renders play: chords, a bend, a controller, over 1.5 s in 256-frame blocks.
  static let events: [SamplerEvent] = [
    .noteOn(key: 60, velocity: 100, frame: 0), .noteOn(key: 64, velocity: 90, frame: 1_000),
    .pitchBend(value: 3_000, frame: 12_000), .noteOn(key: 67, velocity: 70, frame: 20_000),
    .controlChange(controller: 1, value: 90, frame: 30_000), .noteOff(key: 60, frame: 40_000),
    .noteOn(key: 72, velocity: 127, frame: 50_000), .noteOff(key: 64, frame: 60_000),
  ]

  /// A sampler whose parameters are far from their defaults (those the engine applies today
  /// and those it will), restored into a fresh sampler from JSON: the same events render the
  /// same samples, bit for bit; without the restore they do not.
  @Test func restoredStateRendersBitIdentically() throws {
    let rig = try ParameterRig()
    let original = try rig.sampler()
    original.currentPreset = original.factoryPresets.first { $0.name == "Mono Lead" }
    original.isLegato = false
    original.masterVolume = 0.7
    original.vibratoDepth = 35
    original.vibratoFrequency = 6.3
    original.pitchBendRange = 7
    original.glideRate = 0.05
    original.filterCutoff = 2.5
    original.releaseDuration = 0.2
    let json = try original.fullState.jsonData()
    let expected = original.render(Self.events, frames: 72_000)

    let restored = try rig.sampler()
    try restored.setFullState(try SamplerState(jsonData: json))
    let rendered = restored.render(Self.events, frames: 72_000)
    #expect(Measure.peak(expected.left[...]) > 0.1)
    #expect(rendered.left == expected.left && rendered.right == expected.right)
    #expect(restored.currentPreset?.name == "Mono Lead")

    let unrestored = try rig.sampler().render(Self.events, frames: 72_000)
    #expect(unrestored.left != expected.left)
  }

  /// Corrupt JSON of every kind throws a StateError naming the source, and nothing is applied.
  @Test(arguments: [
    ("{\"formatVersion\": 1, \"parameters\": {\"vibrato.depth\": 3", "not valid JSON"),
    (
      "{\"formatVersion\": 1, \"parameters\": {\"vibrato.depth\": \"deep\"}}",
      "vibrato.depth must be a number"
    ),
    ("{\"formatVersion\": 1, \"parameters\": [1, 2]}", "expected"),
    ("{\"parameters\": {}}", "missing \"formatVersion\""),
    ("{\"formatVersion\": 0}", "format version 0"),
    ("{\"formatVersion\": \"1\"}", "expected a number at formatVersion"),
    ("{\"formatVersion\": 1, \"currentPreset\": {\"number\": \"x\"}}", "expected a number"),
    ("", "not valid JSON"),
  ])
  func corruptStateThrowsAndChangesNothing(json: String, reason: String) throws {
    let sampler = Sampler()
    sampler.vibratoDepth = 11
    sampler.masterVolume = 0.5
    sampler.isMonophonic = true
    sampler.currentPreset = SamplerPreset(number: -4, name: "Before")
    let before = sampler.fullState
    #expect {
      try sampler.setFullState(try SamplerState(jsonData: Data(json.utf8), source: "saved.json"))
    } throws: { error in
      guard case .corrupt(let source, let why) = error as? StateError else { return false }
      return source == "saved.json" && why.contains(reason)
    }
    #expect(sampler.fullState == before)
    #expect(sampler.vibratoDepth == 0 && sampler.masterVolume == 1 && !sampler.isMonophonic)
  }

  /// A state made in code with a value that is not a number is refused whole: the values before
  /// it (in any order) are not applied either.
  @Test func aStateWithANaNIsRefusedWhole() throws {
    let sampler = Sampler()
    sampler.glideRate = 0.5
    let state = SamplerState(
      instrument: nil,
      parameters: ["ampEnvelope.attack": 2, "voice.glideRate": .nan, "vibrato.depth": 40],
      currentPreset: nil)
    #expect(throws: StateError.self) { try sampler.setFullState(state) }
    #expect(throws: StateError.self) { try state.jsonData() }
    #expect(sampler.attackDuration == 0 && sampler.glideRate == 0.5 && sampler.vibratoDepth == 0)
    #expect(sampler.currentPreset?.name == "Default")
  }

  /// A state from a newer version, with keys this one does not know, loads: the unknown ignored,
  /// the known applied, those left out at their defaults.
  @Test func aNewerStateLoadsAndMissingValuesDefault() throws {
    let sampler = Sampler()
    sampler.glideRate = 2
    sampler.filterResonance = 6
    let json = """
      {
        "formatVersion": 7,
        "reverb": {"size": 0.8, "wet": [1, 2]},
        "parameters": {"vibrato.depth": 20, "chorus.depth": 3, "voice.quality": "linear",
                       "voice.monophonic": true},
        "currentPreset": {"number": 101, "name": "Future", "values": {}, "colour": "blue"},
        "instrument": {"path": "/x.sfz", "contentHash": "sha3:abc", "size": 1}
      }
      """
    let state = try SamplerState(jsonData: Data(json.utf8))
    #expect(state.formatVersion == 7)
    try sampler.setFullState(state)
    #expect(sampler.vibratoDepth == 20 && sampler.isMonophonic)
    #expect(sampler.parameters[.quality] == 0)
    #expect(sampler.glideRate == 0 && sampler.filterResonance == 0)
    #expect(sampler.currentPreset?.name == "Future")
    #expect(state.instrument?.contentHash == "sha3:abc")

    let bare = try SamplerState(jsonData: Data("{\"formatVersion\": 1}".utf8))
    try sampler.setFullState(bare)
    #expect(sampler.vibratoDepth == 0 && !sampler.isMonophonic && sampler.currentPreset == nil)
  }

  /// The document state holds the master tune and the key tuning; the full state and presets
  /// leave both alone.
  @Test func documentStateHoldsTheMasterTuneAndTuning() throws {
    let sampler = Sampler()
    sampler.parameters[.masterTune] = -25.5
    var table = Tuning.equalTemperament.frequencies
    table[61] = nil
    table[62] = 300.123456789
    sampler.tuning = try #require(Tuning(frequencies: table, name: "odd"))
    let json = try sampler.documentState.jsonData()

    let other = Sampler()
    try other.setFullState(sampler.fullState)
    other.currentPreset = other.factoryPresets[0]
    #expect(other.parameters[.masterTune] == 0 && other.tuning == .equalTemperament)
    try other.setDocumentState(try SamplerDocumentState(jsonData: json))
    #expect(other.parameters[.masterTune] == -25.5)
    #expect(other.tuning == sampler.tuning)
    #expect(other.tuning.frequencies[62]?.bitPattern == 300.123456789.bitPattern)

    #expect(throws: StateError.self) {
      try SamplerDocumentState(
        jsonData: Data("{\"formatVersion\": 1, \"tuning\": {\"keyFrequencies\": [1]}}".utf8))
    }
    let defaults = try SamplerDocumentState(jsonData: Data("{\"formatVersion\": 2}".utf8))
    #expect(defaults.masterTune == 0 && defaults.tuning == .equalTemperament)
  }

  /// Written to a file, a state replaces an earlier one whole, leaving no temporary file.
  @Test func stateFilesAreWrittenWhole() throws {
    let rig = try ParameterRig()
    let sampler = try rig.sampler()
    let file = rig.folder.appendingPathComponent("state.json")
    try Data("earlier".utf8).write(to: file)
    sampler.glideRate = 0.125
    try sampler.fullState.write(to: file)
    #expect(try SamplerState(contentsOf: file).parameters["voice.glideRate"] == 0.125)
    let names = try FileManager.default.contentsOfDirectory(atPath: rig.folder.path)
    #expect(names.filter { $0.hasPrefix(".") }.isEmpty)
    #expect {
      try sampler.fullState.write(to: rig.folder.appendingPathComponent("no/such/state.json"))
    } throws: { error in
      "\(error)".hasPrefix(rig.folder.path + "/no/such/state.json: cannot write")
    }
  }
}

extension SamplerParameter {
  /// Every identifier of the tree, document settings included.
  static var allIdentifiersForTests: [String] { Sampler().parameters.all.map(\.identifier) }
}
