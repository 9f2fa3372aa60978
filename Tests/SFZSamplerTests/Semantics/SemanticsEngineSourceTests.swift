import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// ARIA's engine sources, controllers 142 to 154 (corpus/spec sfzformat/docs/extensions/
/// midi_ccs.md): conditions (lohdccN/hihdccN) and modulations (_onccN) read them in their own
/// units - seconds, keys, beats per minute - not 0...1.
@Suite("Semantics: ARIA's engine sources (host tempo, times since key on and off, keys down)")
struct SemanticsEngineSourceTests {
  private static let rate = SemanticsRig.rate

  /// midi_ccs.md: CC 151 "can be used to control the triggering of release samples. Like CC140
  /// and CC141, it also requires using hdcc".
  @Test("lohdcc151/hihdcc151 on a release region: a release sample only after a short note")
  func releaseAfterShortNote() throws {
    for (held, plays) in [(0.1, true), (0.3, false)] {
      // a fresh engine each time: the *sine a release starts sounds on, as nothing ends it
      let rig = try SemanticsRig(
        """
        <region> sample=*sine amp_veltrack=0 ampeg_release=0.001
        <region> sample=*sine amp_veltrack=0 trigger=release rt_dead=on tune=700
          lohdcc151=0 hihdcc151=0.2
        """)
      #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
      let off = Int(held * Self.rate)
      let out = rig.render(
        off + 4_800, [.noteOn(key: 60, velocity: 100), .noteOff(key: 60, frame: off)])
      let after = Array(out[(off + 480)...])
      #expect(
        (SemanticsRig.tone(after, among: [0, 7]) == 7) == plays,
        "held \(held) s: \(Measure.rmsDB(after[...])) dB")
    }
  }

  /// midi_ccs.md: "number of keys currently down: 153", here 6 dB down for each.
  @Test("volume_oncc153=-6: a note drops 6 dB when a second key goes down")
  func keysDown() throws {
    let rig = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 volume_oncc153=-6 lokey=60 hikey=60\n"
        + "<region> sample=*sine amp_veltrack=0 lokey=67 hikey=67")
    #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
    let out = rig.render(
      28_800, [.noteOn(key: 60, velocity: 100), .noteOn(key: 67, velocity: 100, frame: 14_400)])
    func keyLevel(_ range: Range<Int>) -> Double {
      Measure.dB(
        Measure.toneAmplitude(
          out, frequency: SemanticsRig.middleC, sampleRate: Self.rate, in: range))
    }
    let one = keyLevel(4_800..<14_400)
    let two = keyLevel(19_200..<28_800)
    #expect(abs((two - one) - -6) < 0.2, "one key \(one) dB, two keys \(two) dB")
  }

  /// midi_ccs.md: "host tempo (bpm): 142".
  @Test("lohdcc142/hihdcc142 choose a region by the host tempo in beats per minute")
  func hostTempo() throws {
    let rig = try SemanticsRig(
      """
      <region> sample=*sine amp_veltrack=0 lohdcc142=0 hihdcc142=100
      <region> sample=*sine amp_veltrack=0 lohdcc142=100.5 hihdcc142=500 tune=700
      """)
    #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
    #expect(SemanticsRig.tone(rig.strike(60, before: [.tempo(bpm: 90)]), among: [0, 7]) == 0)
    #expect(SemanticsRig.tone(rig.strike(60, before: [.tempo(bpm: 140)]), among: [0, 7]) == 7)
  }
}
