import AudioTestSupport
import CLilv
import Foundation
import Testing

/// A host saves the plugin in a session and reopens it in a fresh instance.
@Suite(.enabled(if: PluginBundle.isAvailable, "the LV2 bundle could not be built or found"))
struct PluginStateTests {
  static let settings: [String: Float] = [
    "master_volume": 0.5, "vibrato_depth": 25, "vibrato_rate": 4.5, "voice_monophonic": 1,
  ]

  @Test func aRestoredFreshInstanceRendersTheSameEventsBitForBit() throws {
    let instrument = try SineInstrument()
    defer { instrument.remove() }
    let folder = instrument.folder.appendingPathComponent("session")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let events: [(frame: Int, event: NoteEvent)] = [
      (100, .on(key: 69, velocity: 100)), (300, .on(key: 72, velocity: 90)),
      (9000, .off(key: 72)), (12000, .off(key: 69)),
    ]
    let write: (SequenceWriter, Int, NoteEvent) -> Void = { $2.write(to: $0, frame: $1) }

    let saved = try PluginInstance(LV2World(), sampleRate: 48_000, maximumBlock: 256)
    saved.loadInstrument(instrument.sfz.path)
    for (symbol, value) in Self.settings { saved[symbol] = value }
    saved.input.begin()
    saved.run(frames: 1)
    // a value set through patch:Set, which the port (4.5) does not show, is saved too
    saved.input.begin()
    saved.input.setFloat(
      frame: 0, property: saved.lv2.urids.id(URI.parameter("vibrato.rate")),
      value: 6)
    saved.run(frames: 1)
    let state = try saved.savedState(in: folder)
    defer { lilv_state_free(state) }
    let original = saved.render(frames: 16_000, block: 256, events: events, write: write)

    let fresh = try PluginInstance(LV2World(), sampleRate: 48_000, maximumBlock: 256)
    fresh.restore(state)
    for symbol in Self.settings.keys { #expect(fresh[symbol] == Self.settings[symbol]) }
    fresh.input.begin()
    fresh.run(frames: 1)
    #expect(fresh.reportedInstruments == [instrument.sfz.path])
    for _ in 0..<4 {
      fresh.input.begin()
      fresh.run(frames: 1)
    }
    let restored = fresh.render(frames: 16_000, block: 256, events: events, write: write)
    #expect(restored.left == original.left && restored.right == original.right)

    // what the state carried is heard: at the default volume of 1 the same notes are twice as loud
    let plain = try PluginInstance(LV2World(), sampleRate: 48_000, maximumBlock: 256)
    plain.loadInstrument(instrument.sfz.path)
    for (symbol, value) in Self.settings where symbol != "master_volume" { plain[symbol] = value }
    plain.input.begin()
    plain.input.setFloat(
      frame: 0, property: plain.lv2.urids.id(URI.parameter("vibrato.rate")),
      value: 6)
    plain.run(frames: 1)
    plain.input.begin()
    plain.run(frames: 1)
    let louder = plain.render(frames: 16_000, block: 256, events: events, write: write)
    let ratio = Measure.peak(restored.left[...]) / Measure.peak(louder.left[...])
    #expect(abs(ratio - 0.5) < 0.01, "restored / default-volume peak: \(ratio)")
    print(
      "LV2 state: restored render equals the saved instance's; peak ratio to volume 1: \(ratio)")
  }
}
