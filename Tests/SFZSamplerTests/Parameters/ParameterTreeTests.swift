import AudioTestSupport
import CSamplerCore
import Foundation
import SFZSampler
import Testing

/// The parameter tree of issue 11 part 2: every engine-wide control a parameter with a stable
/// identifier and address, its range, default and ramping the engine's (sc_param_get_info,
/// include/sampler_core.h), values read and set from any thread, observers told of changes off
/// the render thread.
@Suite("Parameter tree")
struct ParameterTreeTests {
  /// The stability contract: these identifiers at these addresses, with these units, for ever
  /// (saved states, presets and the LV2 plugin name parameters by them).
  static let contract: [(String, Int, ParameterUnit)] = [
    ("master.volume", 0, .linearGain), ("voice.loopThroughRelease", 1, .boolean),
    ("voice.monophonic", 2, .boolean), ("voice.legato", 3, .boolean),
    ("voice.glideRate", 4, .seconds), ("vibrato.depth", 5, .cents), ("vibrato.rate", 6, .hertz),
    ("tuning.pitchBendRange", 7, .cents), ("ampEnvelope.attack", 9, .seconds),
    ("ampEnvelope.hold", 10, .seconds), ("ampEnvelope.decay", 11, .seconds),
    ("ampEnvelope.sustain", 12, .ratio), ("ampEnvelope.release", 13, .seconds),
    ("filter.enable", 14, .boolean), ("filter.cutoff", 15, .ratio),
    ("filter.strength", 16, .ratio), ("filter.resonance", 17, .decibels),
    ("filter.keyTracking", 18, .ratio), ("filterEnvelope.velocityScaling", 19, .ratio),
    ("filterEnvelope.attack", 20, .seconds), ("filterEnvelope.decay", 21, .seconds),
    ("filterEnvelope.sustain", 22, .ratio), ("filterEnvelope.release", 23, .seconds),
    ("pitchEnvelope.attack", 24, .seconds), ("pitchEnvelope.decay", 25, .seconds),
    ("pitchEnvelope.sustain", 26, .ratio), ("pitchEnvelope.release", 27, .seconds),
    ("pitchEnvelope.semitones", 28, .semitones), ("voiceVibrato.depth", 29, .cents),
    ("voiceVibrato.rate", 30, .hertz), ("voiceVibrato.restart", 31, .boolean),
    ("voice.quality", 32, .indexed), ("voice.polyphony", 33, .voices),
    ("tuning.masterTune", 34, .cents), ("effects.enable", 35, .boolean),
    ("effects.channelSends", 36, .boolean), ("reverb.level", 37, .linearGain),
    ("reverb.decay", 38, .seconds), ("reverb.damping", 39, .ratio),
    ("reverb.predelay", 40, .seconds), ("reverb.size", 41, .ratio), ("reverb.width", 42, .ratio),
    ("chorus.level", 43, .linearGain), ("chorus.rate", 44, .hertz),
    ("chorus.depth", 45, .milliseconds), ("chorus.voices", 46, .voices),
  ]

  @Test func identifiersAndAddressesAreTheStableContract() {
    let tree = Sampler().parameters
    #expect(tree.all.map(\.identifier) == Self.contract.map(\.0))
    #expect(tree.all.map(\.address) == Self.contract.map(\.1))
    #expect(tree.all.map(\.unit) == Self.contract.map(\.2))
    #expect(Set(tree.all.map(\.identifier)).count == tree.all.count)
    for (identifier, address, _) in Self.contract {
      #expect(tree.parameter(identifier: identifier)?.address == address)
      #expect(tree.parameter(address: address)?.identifier == identifier)
      #expect(
        tree.parameter(identifier: identifier)?.group == String(identifier.split(separator: ".")[0])
      )
    }
    // the host's tempo is an engine parameter (8) but not one of the tree's
    #expect(tree.parameter(address: 8) == nil)
    #expect(tree.parameter(identifier: "tempo") == nil)
    #expect(SamplerParameter.masterTune.identifier == "tuning.masterTune")
    #expect(SamplerParameter.restartVoiceLFO.address == 31)
    #expect(tree.all.filter(\.isDocumentSetting).map(\.identifier) == ["tuning.masterTune"])
    #expect(tree.groups.first == "master" && tree.groups.count == 12)
  }

  /// Range, default and ramping are what the engine says for an engine of this configuration:
  /// 48 voices and sinc interpolation make voice.polyphony 1...48 and voice.quality's default 2.
  @Test func metadataIsTheEngines() throws {
    let sampler = Sampler(sampleRate: 44_100, maximumPolyphony: 48, quality: .sinc)
    var config = sc_engine_config()
    sc_engine_config_init(&config)
    config.max_voices = 48
    config.quality = SC_QUALITY_SINC
    for parameter in sampler.parameters.all {
      var info = sc_param_info()
      #expect(sc_param_get_info(sc_param(UInt32(parameter.address)), &config, &info))
      #expect(parameter.minimum == info.minimum, "\(parameter)")
      #expect(parameter.maximum == info.maximum, "\(parameter)")
      #expect(parameter.defaultValue == info.default_value, "\(parameter)")
      #expect(parameter.canRamp == info.can_ramp, "\(parameter)")
      #expect(sampler.parameters[parameter] == info.default_value, "\(parameter) starts at default")
    }
    let polyphony = try #require(sampler.parameters.parameter(identifier: "voice.polyphony"))
    #expect(polyphony.maximum == 48 && polyphony.defaultValue == 48)
    let quality = try #require(sampler.parameters.parameter(identifier: "voice.quality"))
    #expect(quality.valueStrings == ["linear", "hermite", "sinc"])
    // the strings are named in the engine's order
    #expect(
      [SC_QUALITY_LINEAR, SC_QUALITY_HERMITE, SC_QUALITY_SINC].map(\.rawValue) == [0, 1, 2])
    #expect(quality.defaultValue == Float(SC_QUALITY_SINC.rawValue))
    let plain = sampler.parameters.all.filter { $0.unit != .indexed }
    #expect(plain.allSatisfy { $0.valueStrings.isEmpty })
  }

  /// Set on one thread, read on another at once; out-of-range values clamp, NaN is ignored.
  @Test func setFromAnotherThreadReadsBack() async throws {
    let sampler = Sampler()
    let tree = sampler.parameters
    await Task.detached {
      tree[.filterCutoff] = 12.5
      sampler.pitchBendRange = 7
      tree[.masterVolume] = 9
    }.value
    #expect(tree[.filterCutoff] == 12.5)
    #expect(tree[.pitchBendRange] == 700)
    #expect(tree[.masterVolume] == SamplerParameter.masterVolume.maximum)
    tree[.filterCutoff] = .nan
    #expect(tree[.filterCutoff] == 12.5)
  }

  /// An observer hears of a value set through the tree at once, on the setting thread; of an
  /// event-made change after the render call, on another thread; after its removal, of nothing.
  @Test func observersHearChangesOffTheRenderThread() async throws {
    let sampler = try ParameterRig().sampler()
    let heard = Heard()
    let renderThread = pthread_self()
    let token = sampler.parameters.addObserver { parameter, value in
      let onRenderThread = pthread_equal(pthread_self(), renderThread) != 0
      heard.withLock { $0.append((parameter.identifier, value, onRenderThread)) }
    }
    sampler.vibratoDepth = 40
    #expect(heard.withLock { $0.map(\.0) } == ["vibrato.depth"])  // before the setter returned
    #expect(heard.withLock { $0.last?.1 } == 40)
    heard.withLock { $0.removeAll() }

    _ = sampler.render([.parameter(.vibratoDepth, value: 25, frame: 100)], frames: 256)
    #expect(sampler.parameters[.vibratoDepth] == 25)
    let told = try await Self.waitFor { heard.withLock { !$0.isEmpty } }
    #expect(told)
    let first = heard.withLock { $0 }
    #expect(first.count == 1)
    #expect(first.first?.0 == "vibrato.depth" && first.first?.1 == 25)
    #expect(first.first?.2 == false, "told on the render thread")

    sampler.parameters.removeObserver(token)
    heard.withLock { $0.removeAll() }
    _ = sampler.render([.parameter(.vibratoDepth, value: 5)], frames: 256)
    sampler.glideRate = 1
    try await Task.sleep(for: .milliseconds(100))
    #expect(heard.withLock { $0.isEmpty })
  }

  /// What an observer was told: identifier, value, and whether on the render thread.
  final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [(String, Float, Bool)] = []
    func withLock<T>(_ body: (inout [(String, Float, Bool)]) -> T) -> T {
      lock.withLock { body(&calls) }
    }
  }

  /// Polls `condition` every 5 ms for up to 60 s. The observers' poll runs every 10 ms on a
  /// utility-priority queue, which a machine busy with other processes can run late by any
  /// amount: the bound only ends the wait for a notification that never comes.
  static func waitFor(_ condition: () -> Bool) async throws -> Bool {
    for _ in 0..<12_000 {
      if condition() { return true }
      try await Task.sleep(for: .milliseconds(5))
    }
    return condition()
  }

  /// The AKSampler-style properties read and write the tree's values, in the tree's units
  /// except pitchBendRange (semitones over the parameter's cents).
  @Test func propertiesAreViewsOfTheTree() {
    let sampler = Sampler()
    let floats: [(ReferenceWritableKeyPath<Sampler, Float>, SamplerParameter)] = [
      (\.masterVolume, .masterVolume), (\.glideRate, .glideRate), (\.vibratoDepth, .vibratoDepth),
      (\.vibratoFrequency, .vibratoRate), (\.attackDuration, .ampAttack),
      (\.holdDuration, .ampHold), (\.decayDuration, .ampDecay), (\.sustainLevel, .ampSustain),
      (\.releaseDuration, .ampRelease), (\.filterCutoff, .filterCutoff),
      (\.filterStrength, .filterStrength), (\.filterResonance, .filterResonance),
      (\.keyTrackingFraction, .filterKeyTracking),
      (\.filterEnvelopeVelocityScaling, .filterEnvelopeVelocityScaling),
      (\.filterAttackDuration, .filterAttack), (\.filterDecayDuration, .filterDecay),
      (\.filterSustainLevel, .filterSustain), (\.filterReleaseDuration, .filterRelease),
      (\.pitchAttackDuration, .pitchAttack), (\.pitchDecayDuration, .pitchDecay),
      (\.pitchSustainLevel, .pitchSustain), (\.pitchReleaseDuration, .pitchRelease),
      (\.pitchADSRSemitones, .pitchEnvelopeSemitones), (\.voiceVibratoDepth, .voiceVibratoDepth),
      (\.voiceVibratoFrequency, .voiceVibratoRate),
    ]
    for (index, (property, parameter)) in floats.enumerated() {
      let value = 0.5 + Float(index) / 128  // it and its half inside every range
      sampler[keyPath: property] = value
      #expect(sampler.parameters[parameter] == value, "\(parameter)")
      sampler.parameters[parameter] = value / 2
      #expect(sampler[keyPath: property] == value / 2, "\(parameter)")
    }
    let flags: [(ReferenceWritableKeyPath<Sampler, Bool>, SamplerParameter)] = [
      (\.isMonophonic, .monophonic), (\.isLegato, .legato), (\.isFilterEnabled, .filterEnable),
      (\.restartVoiceLFO, .restartVoiceLFO),
    ]
    for (property, parameter) in flags {
      sampler[keyPath: property] = true
      #expect(sampler.parameters[parameter] == 1, "\(parameter)")
      sampler.parameters[parameter] = 0
      #expect(sampler[keyPath: property] == false, "\(parameter)")
    }
    sampler.pitchBendRange = 2
    #expect(sampler.parameters[.pitchBendRange] == 200)
    sampler.parameters[.pitchBendRange] = 350
    #expect(sampler.pitchBendRange == 3.5)
    sampler.setLoop(thruRelease: true)
    #expect(sampler.parameters[.loopThroughRelease] == 1)
  }

  /// The amplitude envelope parameters apply in the engine to every voice (sampler_core.h,
  /// SC_PARAM_AMP_ATTACK: seconds added to each region's attack), key-map regions included, and
  /// whether they were set before or after the map was built: a 0.1 s attack rises linearly
  /// over 0.1 s (the level halfway is half the full one); with no attack the note is at full
  /// level at once.
  @Test(arguments: [false, true])
  func keyMapRegionsTakeTheAmplitudeEnvelope(setAfterBuilding: Bool) throws {
    func level(attack: Float) throws -> (early: Float, half: Float, full: Float) {
      let sampler = Sampler.unity()
      if !setAfterBuilding { sampler.attackDuration = attack }
      let dc = SampleDescriptor(
        noteNumber: 60, noteFrequency: 261.6256, minimumNoteNumber: 0, maximumNoteNumber: 127,
        minimumVelocity: -1, maximumVelocity: -1, isLooping: true, loopStartPoint: 0,
        loopEndPoint: 0, startPoint: 0, endPoint: 0)
      try sampler.loadRawSampleData(
        from: SampleDataDescriptor(
          sampleDescriptor: dc, sampleRate: 48_000, isInterleaved: true, channelCount: 1,
          sampleCount: 48_000, data: [Float](repeating: 0.5, count: 48_000)))
      sampler.buildKeyMap()
      if setAfterBuilding { sampler.attackDuration = attack }
      let out = sampler.render([.noteOn(key: 60, velocity: 127)], frames: 9_600).left
      return (out[48], out[2_400], out[7_200])
    }
    let slow = try level(attack: 0.1)
    #expect(abs(slow.half / slow.full - 0.5) < 0.02, "\(slow)")
    #expect(slow.early / slow.full < 0.02)
    let fast = try level(attack: 0)
    #expect(fast.early / fast.full > 0.98, "\(fast)")
  }
}
