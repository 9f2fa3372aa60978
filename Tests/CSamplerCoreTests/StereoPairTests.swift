import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// Two regions alike in everything but their mono sample and their pan, as an SF2 conversion
/// writes each stereo sample, play as one stereo voice (instrument/stereo_pairs.h). The voice must
/// sound as the two regions' voices do, in half the voices: the same bits while the sides hold
/// still, the same to float rounding while the channel's pan moves them.
@Suite("Stereo pairs")
struct StereoPairTests {
  static let rate = 48_000.0

  /// Looped tones, a different one on each side, so that a side played on the wrong output or
  /// at the wrong gain shows.
  static let sides: [[Float]] = [440.0, 660.0].map { hertz in
    (0..<4_800).map { Float(0.5 * sin(2 * Double.pi * hertz * Double($0) / rate)) }
  }

  /// Renders the left and right halves as two regions, their `group`s set apart when `unpaired`
  /// so that nothing else differs from the pair; returns the render and the voices it used.
  private func render(
    unpaired: Bool, sides: [[Float]] = sides, events: [sc_event] = [],
    _ configure: @escaping (inout sc_region) -> Void = { _ in }
  ) -> (left: [Float], right: [Float], voices: UInt32) {
    // every voice kept to its envelope's end: a pair's bound on its output is not its sides'
    // (voice/audibility.h), so they could end a chunk apart
    let h = CoreHarness(sampleRate: Self.rate, keepInaudibleVoices: true)
    let region = { (sample: UInt32, pan: Float, group: Int32) in
      { (r: inout sc_region) in
        r.sample_index = sample
        r.pan = pan
        r.group = group
        r.loop_mode = SC_LOOP_CONTINUOUS
        r.filters.0.type = SC_FILTER_LPF_2P
        r.filters.0.cutoff = 3_000
        r.ampeg.release = 0.05
        configure(&r)
      }
    }
    h.load(
      samples: sides.map { (CoreSampleValues.float32([$0]), Self.rate, nil) },
      regions: [region(0, -100, 0), region(1, 100, unpaired ? 1 : 0)])
    let out = h.render(
      frames: 24_000, events: [Event.noteOn(60, 100)] + events + [Event.noteOff(60, at: 19_200)])
    return (out.left, out.right, h.stats.peak_voices)
  }

  private func largestDifferenceDB(_ a: [Float], _ b: [Float]) -> Double {
    Measure.dB(Double(zip(a, b).map { abs($0 - $1) }.max() ?? 0) + 1e-30)
  }

  /// Panned hard apart and holding still, each side's terms are the ones its region's voice
  /// adds, and the far output gets exactly nothing from either: the same bits.
  @Test("a pair plays in one voice, bit for bit, what its two regions play in two")
  func pairSoundsAsItsRegions() {
    let pair = render(unpaired: false)
    let two = render(unpaired: true)
    #expect(pair.voices == 1 && two.voices == 2)
    #expect(Measure.peak(two.left[...]) > 0.3 && Measure.peak(two.right[...]) > 0.3)
    #expect(pair.left == two.left && pair.right == two.right)
  }

  /// Panning the channel moves both sides, so each reaches the other output, as the two
  /// regions' voices do (the sides' own pans, not a stereo voice's balance).
  @Test("the channel's pan moving, each side goes where its own region sends it, to -120 dBFS")
  func channelPanMovesEachSide() {
    let events = [Event.cc(10, 100, at: 2_000), Event.cc(10, 10, at: 9_000)]
    let pair = render(unpaired: false, events: events)
    let two = render(unpaired: true, events: events)
    #expect(pair.voices == 1)
    #expect(largestDifferenceDB(pair.left, two.left) < -120)
    #expect(largestDifferenceDB(pair.right, two.right) < -120)
  }

  @Test("sides of different lengths, or a polyphony limit, leave the regions two voices")
  func whatStaysUnpaired() {
    let shorter = [Self.sides[0], Array(Self.sides[1].prefix(4_000))]
    #expect(render(unpaired: false, sides: shorter).voices == 2)
    #expect(render(unpaired: false) { $0.polyphony = 4 }.voices == 2)
  }
}
