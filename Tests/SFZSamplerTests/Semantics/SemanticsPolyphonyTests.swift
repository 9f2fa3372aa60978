import AudioTestSupport
import Foundation
import SFZSampler
import Testing

@Suite("Semantics: polyphony limits")
struct SemanticsPolyphonyTests {
  private func held(_ rig: SemanticsRig, keys: [UInt8], velocities: [UInt8]? = nil) -> Int {
    for (i, key) in keys.enumerated() {
      _ = rig.render(480, [.noteOn(key: key, velocity: velocities?[i] ?? 100)])
    }
    _ = rig.render(960)
    return rig.sampler.activeVoices
  }

  @Test("polyphony=2 keeps two voices of its group; other groups are free")
  func groupPolyphony() throws {
    let sfz = """
      <group> group=1 polyphony=2 amp_veltrack=0 volume=-20 lokey=36 hikey=59
      <region> sample=*sine
      <group> group=2 amp_veltrack=0 volume=-20 lokey=60 hikey=72
      <region> sample=*sine
      """
    #expect(held(try SemanticsRig(sfz), keys: [48, 50, 52, 53]) == 2)
    #expect(held(try SemanticsRig(sfz), keys: [60, 62, 64, 65]) == 4)
    // the two that remain are the newest: keys 48 and 55 sound, key 36 is gone
    let rig = try SemanticsRig(sfz)
    _ = held(rig, keys: [36, 48, 55])
    let out = rig.render(9_600)
    let kept = [48, 55].map { amplitude(out, key: $0) }
    let gone = amplitude(out, key: 36)
    #expect(kept.allSatisfy { abs($0 - 0.1) < 0.01 } && gone < 1e-3, "\(kept) / \(gone)")
  }

  @Test("note_polyphony=1 with note_selfmask: softer repeats do not cut louder notes")
  func selfMask() throws {
    let sfz = """
      <region> sample=*sine key=60 group=1 note_polyphony=1 amp_veltrack=0 volume=-20
      """
    #expect(held(try SemanticsRig(sfz), keys: [60, 60], velocities: [100, 50]) == 2)
    #expect(held(try SemanticsRig(sfz), keys: [60, 60], velocities: [50, 100]) == 1)
    #expect(held(try SemanticsRig(sfz), keys: [60, 60, 60], velocities: [100, 50, 120]) == 1)
    let off = sfz + " note_selfmask=off"
    #expect(held(try SemanticsRig(off), keys: [60, 60], velocities: [100, 50]) == 1)
    #expect(held(try SemanticsRig(off), keys: [60, 62, 60], velocities: [100, 90, 50]) == 1)
  }

  /// corpus/spec opcodes/note_polyphony.md and note_selfmask.md: "A new note will always play";
  /// only note_polyphony (with self-masking) limits a key's voices. So under the sustain pedal a
  /// key struck again keeps its earlier notes sounding: two strikes, two voices; with
  /// note_polyphony=3, four strikes keep three; with note_polyphony=1 a softer strike does not
  /// stop the louder one, a louder one stops the softer.
  @Test(
    "under the pedal a key struck again keeps its earlier notes, as note_polyphony allows",
    arguments: [
      ("", [UInt8(100), 60], 2), (" note_polyphony=3", [100, 100, 100, 100], 3),
      (" note_polyphony=1", [100, 60], 2), (" note_polyphony=1", [60, 100], 1),
    ])
  func pedalledRestrike(option: String, velocities: [UInt8], voices: Int) throws {
    let rig = try SemanticsRig("<region> sample=*sine key=60 volume=-20" + option)
    _ = rig.render(480, [.controlChange(controller: 64, value: 127)])
    for velocity in velocities {
      _ = rig.render(
        960, [.noteOn(key: 60, velocity: velocity), .noteOff(key: 60, frame: 480)])
    }
    _ = rig.render(960)
    #expect(rig.sampler.activeVoices == voices, "\(velocities)\(option)")
  }

  /// corpus/spec syntax.yml: off_time is "the fadeout time for regions being muted by
  /// voice-stealing", and ARIA's off_mode default is time (opcodes/off_mode.md). The E-pianos of
  /// the corpus write `note_polyphony=1 off_time=0.5`: a repeated note's old tail fades over half
  /// a second, linearly, so it is 6 dB down after a quarter of a second.
  @Test("note_polyphony stops the old voice over off_time: -6 dB after 0.25 s of a 0.5 s fade")
  func noteLimitFadesOverOffTime() throws {
    let sfz = "<region> sample=*sine key=60 note_polyphony=1 off_time=0.5 amp_veltrack=0 volume=-20"
    let repeatAt = 4_800
    func render(_ events: [SamplerEvent]) throws -> [Float] {
      try SemanticsRig(sfz).render(48_000, events)
    }
    let both = try render([
      .noteOn(key: 60, velocity: 100), .noteOn(key: 60, velocity: 100, frame: repeatAt),
    ])
    let old = try render([.noteOn(key: 60, velocity: 100)])
    let new = try render([.noteOn(key: 60, velocity: 100, frame: repeatAt)])
    // the old voice's gain g in both = g x old + new, fitted over 2.5 ms windows
    func oldGain(at frame: Int) -> Double {
      let range = frame - 60..<frame + 60
      let projected = range.reduce(0.0) { $0 + Double((both[$1] - new[$1]) * old[$1]) }
      let energy = range.reduce(0.0) { $0 + Double(old[$1] * old[$1]) }
      return projected / energy
    }
    let quarter = oldGain(at: repeatAt + 12_000)
    #expect(abs(quarter - 0.5) < 0.03, "old voice at \(quarter) after 0.25 s")
    #expect(oldGain(at: repeatAt + 2_400) > 0.85, "still there after 50 ms")
    #expect(abs(oldGain(at: repeatAt + 26_400)) < 0.01, "gone after 0.55 s")
  }

  /// Amplitude of the partial of a `*sine` played at `key` in `signal` (a Hann-windowed bin,
  /// so partials an octave apart do not leak into each other).
  private func amplitude(_ signal: [Float], key: Int) -> Double {
    let hertz = SemanticsRig.middleC * pow(2, Double(key - 60) / 12)
    return Measure.tone(
      signal, frequency: hertz, sampleRate: SemanticsRig.rate, in: 0..<signal.count
    )
    .amplitude
  }
}
