import AudioTestSupport
import CLilv
import Foundation
import SFZSampler
import Testing

/// The bundle's presets (presets.ttl) are the library's factory presets, read through lilv.
@Suite(.enabled(if: PluginBundle.isAvailable, "the LV2 bundle could not be built or found"))
struct PluginPresetTests {
  /// A sampler made as the plugin makes its own.
  static func sampler() -> Sampler {
    Sampler(sampleRate: 48_000, maximumPolyphony: 128, quality: .hermite)
  }

  @Test func eachFactoryPresetSetsEveryPortButTheDocumentSettingsToItsValueOrTheDefault() throws {
    let lv2 = try LV2World()
    let sampler = Self.sampler()
    let factory = sampler.factoryPresets
    #expect(factory.map(\.name) == ["Default", "Mono Lead", "Soft Pad", "Pluck"])
    let presets = try lv2.presets()
    #expect(presets.count == factory.count)
    #expect(Set(presets.map(\.label)) == Set(factory.map(\.name)))
    for preset in factory {
      let found = try #require(presets.first { $0.label == preset.name }, "\(preset)")
      #expect(found.propertyCount == 0, "\(preset) sets ports only")
      var expected: [String: Float] = [:]
      for parameter in sampler.parameters.all where !parameter.isDocumentSetting {
        let symbol = parameter.identifier.replacingOccurrences(of: ".", with: "_")
        expected[symbol] = preset.values[parameter.identifier] ?? parameter.defaultValue
      }
      #expect(found.values == expected, "\(preset)")
      #expect(found.values["tuning_masterTune"] == nil, "a preset leaves the master tune alone")
    }
  }

  @Test func eachPresetAppliedByTheHostSoundsAsTheLibrarysPreset() throws {
    let instrument = try SineInstrument()
    defer { instrument.remove() }
    let events: [(frame: Int, event: NoteEvent)] = [
      (100, .on(key: 69, velocity: 100)), (2000, .on(key: 72, velocity: 90)),
      (20_000, .off(key: 69)), (22_000, .off(key: 72)),
    ]
    let lv2 = try LV2World()
    for preset in try lv2.presets() {
      let plugin = try PluginInstance(lv2, sampleRate: 48_000, maximumBlock: 256)
      plugin.loadInstrument(instrument.sfz.path)
      plugin.apply(preset.state)
      let played = plugin.render(frames: 30_000, block: 256, events: events) {
        $2.write(to: $0, frame: $1)
      }

      let sampler = try Reference.sampler(sampleRate: 48_000, sfz: instrument.sfz)
      let chosen = try #require(sampler.factoryPresets.first { $0.name == preset.label })
      sampler.currentPreset = chosen
      // the one-frame block the plugin took the preset's ports in
      _ = Reference.render(sampler, frames: 1, block: 1, events: [])
      let reference = Reference.render(sampler, frames: 30_000, block: 256, events: events)
      #expect(Measure.peak(played.left[...]) > 0.1, "\(preset.label)")
      let first = firstDifference(played, reference)
      #expect(first == nil, "\(preset.label): first frame that differs \(first ?? -1)")
    }
  }

  /// A host preset a user keeps as "my piano": the instrument file, and perhaps some ports. The
  /// ports are what the host shows, so what the preset does not carry keeps its knob's value in
  /// the sound too; what it carries applies. Measured against an instance set up by hand with
  /// the same instrument and knobs: the same samples, bit for bit.
  @Test(arguments: [[:], ["master_volume": 0.25]] as [[String: Float]])
  func aPresetHoldingTheInstrumentKeepsTheKnobsItDoesNotCarry(ports: [String: Float]) throws {
    let before = try SineInstrument()
    defer { before.remove() }
    // key 69 plays 880 Hz: the preset's instrument is heard, not the one before
    let piano = try SineInstrument(sfz: "<region> sample=sine.wav pitch_keycenter=57")
    defer { piano.remove() }
    let knobs: [String: Float] = ["master_volume": 0.5, "vibrato_depth": 20]
    let lv2 = try LV2World()
    let preset = try lv2.state(fromTurtle: Self.preset(instrument: piano.sfz, ports: ports))
    defer { lilv_state_free(preset) }

    let plugin = try PluginInstance(lv2, sampleRate: 48_000, maximumBlock: 256)
    plugin.loadInstrument(before.sfz.path)
    for (symbol, value) in knobs { plugin[symbol] = value }
    plugin.input.begin()
    plugin.run(frames: 1)
    plugin.apply(preset)
    #expect(plugin.reportedInstruments == [piano.sfz.path])
    let events: [(frame: Int, event: NoteEvent)] = [(100, .on(key: 69, velocity: 100))]
    let played = plugin.render(frames: 9_600, block: 256, events: events) {
      $2.write(to: $0, frame: $1)
    }

    let byHand = try PluginInstance(lv2, sampleRate: 48_000, maximumBlock: 256)
    byHand.loadInstrument(piano.sfz.path)
    for (symbol, value) in knobs.merging(ports, uniquingKeysWith: { $1 }) {
      byHand[symbol] = value
      #expect(plugin[symbol] == value, "the host shows \(symbol) at \(plugin[symbol])")
    }
    byHand.input.begin()
    byHand.run(frames: 1)
    let expected = byHand.render(frames: 9_600, block: 256, events: events) {
      $2.write(to: $0, frame: $1)
    }
    let frequency = Measure.frequency(played.left, sampleRate: 48_000, in: 1_000..<9_600)
    #expect(abs(Measure.cents(frequency, from: 880)) < 5, "\(frequency) Hz")
    #expect(Measure.peak(played.left[...]) > 0.01)
    let first = firstDifference(played, expected)
    #expect(first == nil, "first frame that differs from the knobs set by hand: \(first ?? -1)")
  }

  /// A preset in Turtle holding the instrument file and the port values `ports`.
  static func preset(instrument: URL, ports: [String: Float]) -> String {
    let values = ports.map { "lv2:port [ lv2:symbol \"\($0.key)\" ; pset:value \($0.value) ] ;" }
    return """
      @prefix atom: <http://lv2plug.in/ns/ext/atom#> .
      @prefix lv2: <http://lv2plug.in/ns/lv2core#> .
      @prefix pset: <http://lv2plug.in/ns/ext/presets#> .
      @prefix state: <http://lv2plug.in/ns/ext/state#> .
      <urn:sfzsampler:my-piano> a pset:Preset ;
        lv2:appliesTo <\(LV2World.pluginURI)> ;
        \(values.joined(separator: "\n  "))
        state:state [ <\(URI.instrumentFile)> "\(instrument.path)"^^atom:Path ] .
      """
  }
}

/// One preset of the bundle, as lilv reads it.
final class LV2Preset: @unchecked Sendable {
  /// The world it was read from, which outlives its state.
  let lv2: LV2World
  let state: OpaquePointer
  let label: String
  /// Its port values by symbol.
  let values: [String: Float]
  /// Plugin state properties it holds besides port values.
  let propertyCount: Int

  init(lv2: LV2World, state: OpaquePointer) {
    self.lv2 = lv2
    self.state = state
    label = String(cString: lilv_state_get_label(state))
    propertyCount = Int(lilv_state_get_num_properties(state))
    var values: [String: Float] = [:]
    withUnsafeMutablePointer(to: &values) { pointer in
      lilv_state_emit_port_values(
        state,
        { symbol, context, value, _, _ in
          context!.assumingMemoryBound(to: [String: Float].self).pointee[
            String(cString: symbol!)] = value!.load(as: Float.self)
        }, pointer)
    }
    self.values = values
  }

  deinit { lilv_state_free(state) }
}

extension LV2World {
  /// The presets the bundle declares for the plugin.
  func presets() throws -> [LV2Preset] {
    let presetClass = lilv_new_uri(world, URI.presetsPreset)
    defer { lilv_node_free(presetClass) }
    let nodes = lilv_plugin_get_related(plugin, presetClass)
    defer { lilv_nodes_free(nodes) }
    var presets: [LV2Preset] = []
    var iterator = lilv_nodes_begin(nodes)
    while !lilv_nodes_is_end(nodes, iterator) {
      let node = lilv_nodes_get(nodes, iterator)
      lilv_world_load_resource(world, node)
      let state = try #require(lilv_state_new_from_world(world, urids.map, node))
      presets.append(LV2Preset(lv2: self, state: state))
      iterator = lilv_nodes_next(nodes, iterator)
    }
    return presets
  }
}

extension PluginInstance {
  /// Applies a preset as a host does (lilv sets the ports it holds) and runs one frame, in
  /// which the plugin takes them.
  func apply(_ preset: OpaquePointer) {
    restore(preset)
    input.begin()
    run(frames: 1)
  }
}
