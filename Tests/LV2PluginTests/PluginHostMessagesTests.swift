import AudioTestSupport
import Foundation
import Testing

/// What reaches the plugin besides notes: instrument files that fail or warn, and the host's
/// transport.
@Suite(.enabled(if: PluginBundle.isAvailable, "the LV2 bundle could not be built or found"))
struct PluginHostMessagesTests {
  @Test func loadProblemsAreLoggedAndAFailedLoadLeavesThePreviousInstrumentPlaying() throws {
    let instrument = try SineInstrument(
      sfz: "<region> sample=sine.wav pitch_keycenter=69 no_such_opcode=3")
    defer { instrument.remove() }
    let plugin = try PluginInstance(LV2World(), sampleRate: 48_000, maximumBlock: 256)
    plugin.loadInstrument(instrument.sfz.path)
    #expect(plugin.logged.contains { $0.contains("no_such_opcode") })

    let missing = instrument.folder.appendingPathComponent("missing.sfz").path
    plugin.loadInstrument(missing)
    #expect(plugin.logged.contains { $0.contains(missing) })
    #expect(plugin.reportedInstruments.isEmpty)
    let played = plugin.render(
      frames: 4800, block: 256, events: [(0, NoteEvent.on(key: 69, velocity: 100))]
    ) {
      $2.write(to: $0, frame: $1)
    }
    let frequency = Measure.frequency(played.left, sampleRate: 48_000, in: 100..<4800)
    #expect(abs(Measure.cents(frequency, from: 440)) < 0.5, "\(frequency) Hz")
  }

  @Test func timePositionSetsTheTempoOnItsFrame() throws {
    // below 100 BPM key 69 plays the sine as recorded, from 100 BPM an octave higher
    let instrument = try SineInstrument(
      sfz: """
        <region> sample=sine.wav pitch_keycenter=69 hibpm=100
        <region> sample=sine.wav pitch_keycenter=57 lobpm=100
        """)
    defer { instrument.remove() }
    let plugin = try PluginInstance(LV2World(), sampleRate: 48_000, maximumBlock: 4000)
    plugin.loadInstrument(instrument.sfz.path)
    enum Item {
      case note(NoteEvent)
      case tempo(Float)
    }
    // one block of 4000 frames from 4000: a note at 90 BPM, then 140 BPM and a note from 6500
    let items: [(frame: Int, event: Item)] = [
      (0, .tempo(90)), (4100, .note(.on(key: 69, velocity: 100))), (6000, .note(.off(key: 69))),
      (6500, .tempo(140)), (6500, .note(.on(key: 69, velocity: 100))),
    ]
    let played = plugin.render(frames: 12_000, block: 4000, events: items) {
      sequence, frame, item in
      switch item {
      case .note(let note): note.write(to: sequence, frame: frame)
      case .tempo(let bpm): sequence.position(frame: frame, bpm: bpm, beat: 0)
      }
    }
    let slow = Measure.frequency(played.left, sampleRate: 48_000, in: 4200..<6000)
    let fast = Measure.frequency(played.left, sampleRate: 48_000, in: 6600..<12_000)
    #expect(abs(Measure.cents(slow, from: 440)) < 0.5, "\(slow) Hz at 90 BPM")
    #expect(abs(Measure.cents(fast, from: 880)) < 0.5, "\(fast) Hz at 140 BPM")
    #expect(Measure.onset(played.left, from: 6300) == 6500)
  }
}
