import AudioTestSupport
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
}
