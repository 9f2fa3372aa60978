import AudioTestSupport
import CLilv
import Foundation
import Testing

/// A host saves the plugin in a session and reopens it in a fresh instance. The plugin's state
/// is the library's own: the sampler's full state and its document state (the master tune).
@Suite(.enabled(if: PluginBundle.isAvailable, "the LV2 bundle could not be built or found"))
struct PluginStateTests {
  static let settings: [String: Float] = [
    "master_volume": 0.5, "vibrato_depth": 25, "vibrato_rate": 4.5, "voice_monophonic": 1,
  ]
  static let events: [(frame: Int, event: NoteEvent)] = [
    (100, .on(key: 69, velocity: 100)), (300, .on(key: 72, velocity: 90)),
    (9000, .off(key: 72)), (12000, .off(key: 69)),
  ]
  static func write(_ sequence: SequenceWriter, _ frame: Int, _ event: NoteEvent) {
    event.write(to: sequence, frame: frame)
  }
  /// Cents of master tune, a document setting, set through patch:Set only.
  static let masterTune: Float = 30

  /// An instance playing `sfz` with the settings: ports, and through patch:Set (which the ports
  /// do not show) a vibrato rate of 6 Hz and, unless `tuned` is false, the master tune.
  static func configured(sfz: URL, volume: Bool = true, tuned: Bool = true) throws
    -> PluginInstance
  {
    let plugin = try PluginInstance(LV2World(), sampleRate: 48_000, maximumBlock: 256)
    plugin.loadInstrument(sfz.path)
    for (symbol, value) in settings where volume || symbol != "master_volume" {
      plugin[symbol] = value
    }
    plugin.input.begin()
    plugin.run(frames: 1)
    plugin.input.begin()
    plugin.input.setFloat(
      frame: 0, property: plugin.lv2.urids.id(URI.parameter("vibrato.rate")), value: 6)
    if tuned {
      plugin.input.setFloat(
        frame: 0, property: plugin.lv2.urids.id(URI.parameter("tuning.masterTune")),
        value: masterTune)
    }
    plugin.run(frames: 1)
    return plugin
  }

  /// A folder for the session's files inside the instrument's.
  static func session(_ instrument: SineInstrument) throws -> URL {
    let folder = instrument.folder.appendingPathComponent("session")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func aRestoredFreshInstanceRendersTheSameEventsBitForBit() throws {
    let instrument = try SineInstrument()
    defer { instrument.remove() }
    let saved = try Self.configured(sfz: instrument.sfz)
    let state = try saved.savedState(in: Self.session(instrument))
    defer { lilv_state_free(state) }
    let original = saved.render(frames: 16_000, block: 256, events: Self.events, write: Self.write)

    let fresh = try PluginInstance(LV2World(), sampleRate: 48_000, maximumBlock: 256)
    fresh.restore(state)
    for symbol in Self.settings.keys { #expect(fresh[symbol] == Self.settings[symbol]) }
    fresh.input.begin()
    fresh.run(frames: 1)
    #expect(fresh.reportedInstruments == [instrument.sfz.path])
    #expect(!fresh.logged.contains { $0.contains("changed since") }, "\(fresh.logged)")
    for _ in 0..<4 {
      fresh.input.begin()
      fresh.run(frames: 1)
    }
    let restored = fresh.render(frames: 16_000, block: 256, events: Self.events, write: Self.write)
    let first = firstDifference(restored, original)
    #expect(first == nil, "first frame that differs: \(first ?? -1)")

    // what the state carried is heard: at the default volume of 1 and no master tune, the same
    // notes are 6 dB louder and 30 cents lower
    let plain = try Self.configured(sfz: instrument.sfz, volume: false, tuned: false)
    for _ in 0..<5 {
      plain.input.begin()
      plain.run(frames: 1)
    }
    let untuned = plain.render(frames: 16_000, block: 256, events: Self.events, write: Self.write)
    let level =
      Measure.rmsDB(restored.left[1000..<8800]) - Measure.rmsDB(untuned.left[1000..<8800])
    #expect(abs(level - Measure.dB(0.5)) < 0.01, "restored against volume 1: \(level) dB")
    let tune = Measure.cents(
      Measure.frequency(restored.left, sampleRate: 48_000, in: 1000..<8800),
      from: Measure.frequency(untuned.left, sampleRate: 48_000, in: 1000..<8800))
    #expect(abs(tune - Double(Self.masterTune)) < 0.5, "restored master tune: \(tune) cents")
    print(
      "LV2 state: restored render equals the saved instance's; against volume 1: \(level) dB, "
        + "master tune \(tune) cents")
  }

  @Test(arguments: [
    // a parameter of the full state that is not a number
    (#""master.volume" : 0.5"#, #""master.volume" : "loud""#, "the saved state: "),
    // a document state whose tuning has no key frequencies
    ("keyFrequencies", "keyFrequency", "the saved document state: "),
  ])
  func aSavedStateThatCannotBeReadIsLoggedAndChangesNothing(
    original: String, broken: String, message: String
  ) throws {
    let instrument = try SineInstrument()
    defer { instrument.remove() }
    let saved = try Self.configured(sfz: instrument.sfz)
    let turtle = try saved.savedTurtle(in: Self.session(instrument))
    try #require(turtle.contains(original), "\(turtle)")
    let state = try saved.lv2.state(
      fromTurtle: turtle.replacingOccurrences(of: original, with: broken))
    defer { lilv_state_free(state) }

    // another instrument (key 69 plays 880 Hz), no settings: what the state would change
    let other = try SineInstrument(sfz: "<region> sample=sine.wav pitch_keycenter=57")
    defer { other.remove() }
    let restored = try PluginInstance(LV2World(), sampleRate: 48_000, maximumBlock: 256)
    let untouched = try PluginInstance(LV2World(), sampleRate: 48_000, maximumBlock: 256)
    for plugin in [restored, untouched] { plugin.loadInstrument(other.sfz.path) }
    restored.restore(state, ports: false)
    #expect(restored.logged.contains { $0.contains(message) }, "\(restored.logged)")
    let played = [restored, untouched].map { plugin in
      plugin.input.begin()
      plugin.run(frames: 1)
      return plugin.render(
        frames: 9600, block: 256, events: [(100, .on(key: 69, velocity: 100))], write: Self.write)
    }
    let first = firstDifference(played[0], played[1])
    #expect(first == nil, "first frame that differs: \(first ?? -1)")
    let frequency = Measure.frequency(played[0].left, sampleRate: 48_000, in: 1000..<9600)
    #expect(abs(Measure.cents(frequency, from: 880)) < 0.5, "\(frequency) Hz")
  }

  @Test func anInstrumentFileChangedSinceTheSaveIsLoadedWithAWarning() throws {
    let instrument = try SineInstrument()
    defer { instrument.remove() }
    let saved = try Self.configured(sfz: instrument.sfz)
    let state = try saved.savedState(in: Self.session(instrument))
    defer { lilv_state_free(state) }
    let text = try String(contentsOf: instrument.sfz, encoding: .utf8)
    try (text + "\n// edited\n").write(to: instrument.sfz, atomically: true, encoding: .utf8)

    let fresh = try PluginInstance(LV2World(), sampleRate: 48_000, maximumBlock: 256)
    fresh.restore(state)
    fresh.input.begin()
    fresh.run(frames: 1)
    #expect(fresh.reportedInstruments == [instrument.sfz.path])
    #expect(
      fresh.logged.contains {
        $0.contains("\(instrument.sfz.path) has changed since it was saved")
      },
      "\(fresh.logged)")
  }
}
