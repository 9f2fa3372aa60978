import AudioTestSupport
import Foundation
import SFZSampler
import Testing

@Suite("Semantics: host tempo and song position")
struct SemanticsTempoTests {
  @Test("lobpm/hibpm choose regions by the host tempo")
  func tempoRange() throws {
    let rig = try SemanticsRig(
      """
      <region> sample=*sine amp_veltrack=0 lobpm=0 hibpm=100
      <region> sample=*sine amp_veltrack=0 lobpm=100 hibpm=500 tune=700
      """)
    let slow = rig.strike(60, frames: 4_800, before: [.tempo(bpm: 90)])
    let fast = rig.strike(60, frames: 4_800, before: [.tempo(bpm: 140)])
    #expect(SemanticsRig.tone(slow, among: [0, 7]) == 0)
    #expect(SemanticsRig.tone(fast, among: [0, 7]) == 7)
  }

  /// lobpm/hibpm bind only regions that set them (corpus/spec sfzformat/docs/opcodes/lobpm.md;
  /// data/sfz/syntax.yml gives hibpm a default of 500, the top of its range, not a limit on
  /// faster songs).
  @Test("tempos of 500 bpm and above play regions without an upper tempo limit")
  func fastTempo() throws {
    let plain = try SemanticsRig("<region> sample=*sine amp_veltrack=0")
    let fastOnly = try SemanticsRig("<region> sample=*sine amp_veltrack=0 lobpm=100")
    let slowOnly = try SemanticsRig("<region> sample=*sine amp_veltrack=0 hibpm=200")
    for bpm in [500.0, 600, 1_000] {
      let tempo: [SamplerEvent] = [.tempo(bpm: bpm)]
      #expect(SemanticsRig.level(plain.strike(60, before: tempo)) > -10, "\(bpm) bpm")
      #expect(SemanticsRig.level(fastOnly.strike(60, before: tempo)) > -10, "\(bpm) bpm")
      #expect(Measure.peak(slowOnly.strike(60, before: tempo)[...]) == 0, "\(bpm) bpm")
    }
    #expect(SemanticsRig.level(slowOnly.strike(60, before: [.tempo(bpm: 150)])) > -10)
  }

  @Test("sync_beats waits for the next multiple of beats; sync_offset shifts the grid")
  func syncBeats() throws {
    // 120 bpm: a beat is 24,000 frames. The notes come a quarter of a beat in.
    let onBeat = try SemanticsRig("<region> sample=*sine amp_veltrack=0 sync_beats=1")
    let out = onBeat.render(48_000, [.noteOn(key: 60, velocity: 100, frame: 6_000)])
    let onset = Measure.onset(out, threshold: 1e-4)
    #expect(onset.map { abs($0 - 24_000) <= 2 } == true, "onset \(String(describing: onset))")

    let offset = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 sync_beats=1 sync_offset=0.5")
    let shifted = offset.render(48_000, [.noteOn(key: 60, velocity: 100, frame: 6_000)])
    let late = Measure.onset(shifted, threshold: 1e-4)
    #expect(late.map { abs($0 - 12_000) <= 2 } == true, "onset \(String(describing: late))")
  }

  @Test("the song position and tempo come from the host")
  func hostPosition() throws {
    let rig = try SemanticsRig("<region> sample=*sine amp_veltrack=0 sync_beats=4")
    // At 60 bpm a beat is 48,000 frames; at beat 3.5 the next multiple of 4 is half a beat away.
    let out = rig.render(
      48_000,
      [
        .tempo(bpm: 60), .songPosition(beats: 3.5),
        .noteOn(key: 60, velocity: 100, frame: 0),
      ])
    let onset = Measure.onset(out, threshold: 1e-4)
    #expect(onset.map { abs($0 - 24_000) <= 2 } == true, "onset \(String(describing: onset))")
  }
}
