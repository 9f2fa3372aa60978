import AudioTestSupport
import CSndfile
import Foundation
import SFZSampler
import Testing

@Suite("Semantics: envelopes, LFOs, filter and EQ modulation")
struct SemanticsModulationTests {
  /// Frame where the signal's envelope first reaches 99% of its peak.
  private func attackEnd(_ out: [Float]) -> Int {
    let peak = Measure.peak(out[...])
    var i = 0
    var window: Float = 0
    while i < out.count {
      window = max(window * 0.999, abs(out[i]))
      if window >= peak * 0.99 { return i }
      i += 1
    }
    return out.count
  }

  @Test("ampeg_vel2attack and ampeg_attack_oncc1 lengthen the attack when the note starts")
  func envelopeModulation() throws {
    let velocity = try SemanticsRig("<region> sample=*sine amp_veltrack=0 ampeg_vel2attack=0.2")
    let slow = attackEnd(velocity.strike(60, velocity: 127, frames: 24_000))
    #expect(abs(Double(slow) / 48 - 200) < 5, "attack ends at \(Double(slow) / 48) ms")
    let controller = try SemanticsRig("<region> sample=*sine amp_veltrack=0 ampeg_attack_oncc1=0.1")
    let none = attackEnd(
      controller.strike(60, frames: 24_000, before: [.controlChange(controller: 1, value: 0)]))
    let full = attackEnd(
      controller.strike(60, frames: 24_000, before: [.controlChange(controller: 1, value: 127)]))
    #expect(none < 100, "no attack at CC1 0")
    #expect(abs(Double(full) / 48 - 100) < 5, "100 ms at CC1 127: \(Double(full) / 48)")
  }

  @Test("ampeg_hold_oncc133 makes the hold follow the key (the E-Pianos use it)")
  func keyTrackedHold() throws {
    let rig = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 ampeg_hold_oncc133=1 ampeg_decay=0.001 ampeg_sustain=0")
    let low = rig.strike(0, frames: 48_000)
    let high = rig.strike(127, frames: 48_000)
    let lowEnd = low.lastIndex { abs($0) > 1e-3 } ?? 0
    let highEnd = high.lastIndex { abs($0) > 1e-3 } ?? 0
    #expect(lowEnd < 480, "key 0: no hold")
    #expect(abs(Double(highEnd) / 48 - 1_000) < 5, "key 127: one second of hold")
  }

  @Test("pitchlfo_depth_oncc21 sets the vibrato depth from the controller")
  func lfoDepthByController() throws {
    let rig = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 pitchlfo_freq=4 pitchlfo_depth_oncc21=100")
    func swing(_ cc: UInt8) -> Double {
      let out = rig.strike(72, frames: 48_000, before: [.controlChange(controller: 21, value: cc)])
      let cents = Measure.centsByPeriod(out, sampleRate: 48_000, base: SemanticsRig.middleC * 2)
        .map(\.cents)
      return (cents.max() ?? 0) - (cents.min() ?? 0)
    }
    #expect(swing(0) < 2, "no vibrato at CC21 0")
    let full = swing(127)
    #expect(abs(full - 200) < 15, "+-100 cents at CC21 127: \(full)")
  }

  @Test("cutoff_oncc74 opens the filter with the controller; smoothing glides it")
  func cutoffByController() throws {
    let sfz = "<region> sample=*sine amp_veltrack=0 cutoff=200 cutoff_oncc74=2400"
    let rig = try SemanticsRig(sfz)
    let closed = SemanticsRig.level(
      rig.strike(72, frames: 9_600, before: [.controlChange(controller: 74, value: 0)]))
    let open = SemanticsRig.level(
      rig.strike(72, frames: 9_600, before: [.controlChange(controller: 74, value: 127)]))
    // 523 Hz through a 200 Hz low-pass is about -17 dB; two octaves higher cutoff lets it through.
    #expect(open - closed > 12, "open \(open) dB, closed \(closed) dB")
    let smooth = try SemanticsRig(sfz + " cutoff_smoothcc74=100")
    let out = smooth.render(
      24_000,
      [
        .controlChange(controller: 74, value: 0), .noteOn(key: 72, velocity: 100, frame: 10),
        .controlChange(controller: 74, value: 127, frame: 9_600),
      ])
    let early = SemanticsRig.level(Array(out[9_700..<10_200]), skip: 0)
    let late = SemanticsRig.level(Array(out[20_000..<24_000]), skip: 0)
    #expect(late - early > 6, "still opening 2-12 ms after the change: \(early) -> \(late) dB")
  }

  @Test("eq1 boosts a tone at its frequency by its gain; eq1_gain_onccN moves it")
  func equaliser() throws {
    let plain = try SemanticsRig("<region> sample=*sine amp_veltrack=0")
    let boosted = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 eq1_freq=261.63 eq1_bw=1 eq1_gain=9")
    let base = SemanticsRig.level(plain.strike(60, frames: 9_600))
    let up = SemanticsRig.level(boosted.strike(60, frames: 9_600), skip: 2_400)
    #expect(abs(up - base - 9) < 0.3, "+\(up - base) dB at the band's centre")
    let controlled = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 eq1_freq=261.63 eq1_gain_oncc3=-12")
    let cut = SemanticsRig.level(
      controlled.strike(60, frames: 9_600, before: [.controlChange(controller: 3, value: 127)]),
      skip: 2_400)
    #expect(abs(cut - base + 12) < 0.3, "\(cut - base) dB")
  }

  @Test("pan_oncc10 replaces the default CC10 pan")
  func panByController() throws {
    let rig = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 pan_oncc10=100 pan_curvecc10=1")
    var left = [Float](repeating: 0, count: 4_800)
    var right = [Float](repeating: 0, count: 4_800)
    rig.sampler.controlChange(controller: 10, value: 0)
    rig.sampler.play(noteNumber: 60, velocity: 100)
    rig.sampler.render(frameCount: 4_800, left: &left, right: &right)
    #expect(Measure.rmsDB(right[240...]) < -90, "CC10 0 through the bipolar curve: hard left")
    #expect(Measure.rmsDB(left[240...]) > -20)
  }
}

@Suite("Semantics: note-on controller forms, user curves and pressure on the filter")
struct SemanticsControllerFormsTests {
  @Test("delay_oncc1 delays the start by the controller; a <curve> shapes it")
  func delayByControllerThroughCurve() throws {
    // The curve reaches 1 at CC 64 already: CC 64 gives the full 0.1 s.
    let rig = try SemanticsRig(
      """
      <region> sample=*sine amp_veltrack=0 delay_oncc1=0.1 delay_curvecc1=9
      <curve> curve_index=9 v000=0 v064=1 v127=1
      """)
    let half = rig.strike(60, frames: 9_600, before: [.controlChange(controller: 1, value: 64)])
    let onset = Measure.onset(half, threshold: 1e-4) ?? 0
    #expect(abs(onset - 4_800) <= 40, "onset \(onset) frames")
  }

  @Test("offset_oncc1 starts further into the sample with the controller")
  func offsetByController() throws {
    let fixtures = try DecodingFixtures()
    let ramp = (0..<4_800).map { Float($0) / 4_800 }
    let path = try fixtures.writeFloat(
      "ramp.wav", values: ramp, channels: 1, format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT),
      sampleRate: 48_000)
    let rig = try SemanticsRig(
      "<region> sample=\(path) amp_veltrack=0 pitch_keycenter=60 offset_oncc1=2400")
    let out = rig.strike(60, frames: 100, before: [.controlChange(controller: 1, value: 127)])
    #expect(abs(out[0] - 0.5) < 1e-3, "first frame \(out[0])")
  }

  @Test("cutoff_chanaft opens the filter with channel pressure")
  func cutoffByPressure() throws {
    let rig = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 cutoff=200 cutoff_chanaft=2400")
    let closed = SemanticsRig.level(
      rig.strike(72, frames: 9_600, before: [.channelPressure(pressure: 0)]))
    let open = SemanticsRig.level(
      rig.strike(72, frames: 9_600, before: [.channelPressure(pressure: 127)]))
    #expect(open - closed > 12, "open \(open) dB, closed \(closed) dB")
  }
}
