import AudioTestSupport
import CLilv
import Foundation
import Testing

/// The plugin played through lilv, as a host plays it, against the library's own render.
@Suite(.enabled(if: PluginBundle.isAvailable, "the LV2 bundle could not be built or found"))
struct PluginRenderTests {
  /// Notes at chosen frames: key 69 (440 Hz) from frame 1234, released; key 76 from a frame
  /// well after the first has died away.
  static func events(sampleRate: Double) -> [(frame: Int, event: NoteEvent)] {
    let second = Int(0.2 * sampleRate) + 37
    return [
      (1234, .on(key: 69, velocity: 100)), (Int(0.15 * sampleRate), .off(key: 69)),
      (second, .on(key: 76, velocity: 100)), (Int(0.38 * sampleRate), .off(key: 76)),
    ]
  }

  @Test(arguments: [44_100.0, 48_000.0], [1, 64, 1000])
  func notesLandOnTheirFramesAtTheirPitchAsTheLibraryRendersThem(sampleRate: Double, block: Int)
    throws
  {
    let instrument = try SineInstrument()
    defer { instrument.remove() }
    let plugin = try PluginInstance(LV2World(), sampleRate: sampleRate, maximumBlock: 1000)
    plugin.loadInstrument(instrument.sfz.path)
    #expect(plugin.reportedInstruments == [instrument.sfz.path])
    #expect(plugin.logged.contains { $0.contains("loaded \(instrument.sfz.path)") })

    let frames = Int(0.4 * sampleRate)
    let events = Self.events(sampleRate: sampleRate)
    let played = plugin.render(frames: frames, block: block, events: events) {
      $2.write(to: $0, frame: $1)
    }
    let reference = Reference.render(
      try Reference.sampler(sampleRate: sampleRate, sfz: instrument.sfz), frames: frames,
      block: block, events: events)
    let difference =
      zip(played.left + played.right, reference.left + reference.right)
      .map { abs($0 - $1) }.max() ?? 0
    #expect(difference == 0, "largest difference from Sampler's render: \(difference)")

    let first = events[0].frame
    let second = events[2].frame
    #expect(Measure.onset(played.left) == first)
    #expect(Measure.peak(played.left[(second - 200)..<second]) == 0)
    #expect(Measure.onset(played.left, from: second - 200) == second)
    let a = Measure.frequency(
      played.left, sampleRate: sampleRate, in: (first + 100)..<events[1].frame)
    let b = Measure.frequency(
      played.left, sampleRate: sampleRate, in: (second + 100)..<events[3].frame)
    let centsA = Measure.cents(a, from: SineInstrument.frequency(ofKey: 69))
    let centsB = Measure.cents(b, from: SineInstrument.frequency(ofKey: 76))
    #expect(abs(centsA) < 0.5, "key 69: \(centsA) cents")
    #expect(abs(centsB) < 0.5, "key 76: \(centsB) cents")
    print(
      "LV2 render \(sampleRate) Hz, blocks of \(block): key 69 \(centsA) cents, key 76 \(centsB) cents, max difference from Sampler \(difference)"
    )
  }

  @Test func lilvFindsTheBundleThroughLV2PathWithTheEnginesRanges() throws {
    let lv2 = try LV2World()
    let folder = try PluginBundle.folder.get()
    #expect(
      lv2.bundlePath.hasPrefix(folder.resolvingSymlinksInPath().path)
        || lv2.bundlePath.hasPrefix(folder.path))
    let symbols = lv2.portSymbols
    #expect(Array(symbols.prefix(4)) == ["control", "notify", "out_left", "out_right"])
    #expect(symbols.count == 4 + 34)
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

  @Test func theDefaultPresetSetsEveryParameterToItsDefault() throws {
    let lv2 = try LV2World()
    let presetClass = lilv_new_uri(lv2.world, URI.presetsPreset)
    defer { lilv_node_free(presetClass) }
    let presets = lilv_plugin_get_related(lv2.plugin, presetClass)
    defer { lilv_nodes_free(presets) }
    #expect(lilv_nodes_size(presets) == 1)
    let preset = try #require(lilv_nodes_get_first(presets))
    lilv_world_load_resource(lv2.world, preset)
    let state = try #require(lilv_state_new_from_world(lv2.world, lv2.urids.map, preset))
    defer { lilv_state_free(state) }
    #expect(String(cString: lilv_state_get_label(state)) == "Default")
    #expect(lilv_state_get_num_properties(state) == 0)
    let defaults = Dictionary(
      uniqueKeysWithValues: zip(lv2.portSymbols, lv2.portRanges.map(\.default)))
    var values: [String: Float] = [:]
    withUnsafeMutablePointer(to: &values) { pointer in
      lilv_state_emit_port_values(
        state,
        { symbol, context, value, _, _ in
          context!.assumingMemoryBound(to: [String: Float].self).pointee[String(cString: symbol!)] =
            value!.load(as: Float.self)
        }, pointer)
    }
    #expect(values.count == 34)
    for (symbol, value) in values { #expect(value == defaults[symbol], "\(symbol)") }
  }
}
