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
