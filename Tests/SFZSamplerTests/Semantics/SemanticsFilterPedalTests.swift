import AudioTestSupport
import Foundation
import SFZSampler
import Testing

@Suite("Semantics: second filter, pedals, timers, pan keytrack and key deltas")
struct SemanticsFilterPedalTests {
  static let rate = SemanticsRig.rate
  static let c4 = SemanticsRig.middleC
  static let g4 = SemanticsRig.middleC * pow(2, 7.0 / 12)

  /// Amplitude in dB of the `hertz` component of `signal` (Hann-windowed correlation), so two
  /// notes sounding together are measured apart.
  static func toneDB(_ signal: ArraySlice<Float>, hertz: Double) -> Double {
    let tone = Measure.tone(Array(signal), frequency: hertz, sampleRate: rate, in: 0..<signal.count)
    return Measure.dB(max(tone.amplitude, 1e-12))
  }

  /// The response of a two-pole filter designed by the bilinear transform with prewarping, at
  /// `hertz`, for cutoff `cutoff` and quality `q`: the analogue prototype at the warped
  /// frequency. Q = 1 is resonance 0 (0 dB at the cutoff: corpus/spec syntax.yml gives resonance
  /// in dB, the gain at the cutoff).
  static func twoPoleDB(highPass: Bool, hertz: Double, cutoff: Double, q: Double = 1)
    -> Double
  {
    let x = tan(.pi * hertz / rate) / tan(.pi * cutoff / rate)
    let denominator = ((1 - x * x) * (1 - x * x) + x * x / (q * q)).squareRoot()
    return Measure.dB((highPass ? x * x : 1) / denominator)
  }

  /// Left and right of a note on `key` rendered for `frames` frames after `before`.
  static func stereo(_ rig: SemanticsRig, key: UInt8, frames: Int = 9_600) -> ([Float], [Float]) {
    var left = [Float](repeating: 0, count: frames)
    var right = [Float](repeating: 0, count: frames)
    rig.sampler.play(noteNumber: key, velocity: 100)
    rig.sampler.render(frameCount: frames, left: &left, right: &right)
    rig.sampler.stop(noteNumber: key)
    var tail = [Float](repeating: 0, count: 4_800)
    var tailRight = tail
    rig.sampler.render(frameCount: 4_800, left: &tail, right: &tailRight)
    return (left, right)
  }

  @Test("hpf_2p as the second filter attenuates a tone two octaves below its cutoff by its slope")
  func secondFilterHighPass() throws {
    let plain = try SemanticsRig("<region> sample=*sine amp_veltrack=0")
    let cutoff = 4 * Self.c4
    let filtered = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 fil2_type=hpf_2p cutoff2=\(cutoff)")
    let base = SemanticsRig.level(plain.strike(60, frames: 9_600), skip: 2_400)
    let through = SemanticsRig.level(filtered.strike(60, frames: 9_600), skip: 2_400)
    let expected = Self.twoPoleDB(highPass: true, hertz: Self.c4, cutoff: cutoff)
    #expect(abs(through - base - expected) < 0.3, "\(through - base) dB, expected \(expected)")
    #expect(filtered.report.diagnostics.isEmpty, "\(filtered.report.diagnostics)")
  }

  /// resonance=-3.01 makes each section Butterworth (1/sqrt(2) at its cutoff), so the pair
  /// takes 6 dB where either alone would take 3.
  @Test("the two filters act in series: a low-pass and a high-pass at the tone take 3 dB each")
  func filtersInSeries() throws {
    let plain = try SemanticsRig("<region> sample=*sine amp_veltrack=0")
    let both = try SemanticsRig(
      """
      <region> sample=*sine amp_veltrack=0 cutoff=\(Self.c4) fil_type=lpf_2p resonance=-3.01
        cutoff2=\(Self.c4) fil2_type=hpf_2p resonance2=-3.01
      """)
    let base = SemanticsRig.level(plain.strike(60, frames: 9_600), skip: 2_400)
    let through = SemanticsRig.level(both.strike(60, frames: 9_600), skip: 2_400)
    #expect(abs(through - base + 6.02) < 0.3, "\(through - base) dB")
  }

  @Test("cutoff2_oncc74 moves the second cutoff; fil2_keytrack follows the key")
  func secondCutoffModulation() throws {
    let cutoff = 4 * Self.c4
    let rig = try SemanticsRig(
      """
      <region> sample=*sine amp_veltrack=0 fil2_type=hpf_2p cutoff2=\(cutoff)
        cutoff2_oncc74=-2400
      """)
    let plain = try SemanticsRig("<region> sample=*sine amp_veltrack=0")
    let base = SemanticsRig.level(plain.strike(60, frames: 9_600), skip: 2_400)
    let lowered = SemanticsRig.level(
      rig.strike(60, frames: 9_600, before: [.controlChange(controller: 74, value: 127)]),
      skip: 2_400)
    #expect(
      abs(lowered - base) < 0.3, "CC74 127 puts the cutoff on the tone, 0 dB: \(lowered - base)")
    let tracked = try SemanticsRig(
      """
      <region> sample=*sine amp_veltrack=0 fil2_type=hpf_2p cutoff2=\(cutoff) fil2_keytrack=100
        fil2_keycenter=60
      """)
    // With full tracking the cutoff moves with the key: every key sits two octaves below it.
    let plainHigh = SemanticsRig.level(plain.strike(72, frames: 9_600), skip: 2_400)
    let high = SemanticsRig.level(tracked.strike(72, frames: 9_600), skip: 2_400)
    let expected = Self.twoPoleDB(highPass: true, hertz: 2 * Self.c4, cutoff: 2 * cutoff)
    #expect(abs(high - plainHigh - expected) < 0.3, "\(high - plainHigh) dB, expected \(expected)")
  }

  @Test("sostenuto holds the notes down when it is pressed, not those played after")
  func sostenuto() throws {
    let sfz = "<region> sample=*sine amp_veltrack=0 volume=-6"
    let rig = try SemanticsRig(sfz)
    let out = rig.render(
      14_400,
      [
        .noteOn(key: 60, velocity: 100), .controlChange(controller: 66, value: 127, frame: 2_400),
        .noteOn(key: 67, velocity: 100, frame: 4_800), .noteOff(key: 60, frame: 7_200),
        .noteOff(key: 67, frame: 7_200),
      ])
    let held = out[9_600..<14_400]
    #expect(Self.toneDB(held, hertz: Self.c4) > -12, "C4 held by sostenuto")
    #expect(Self.toneDB(held, hertz: Self.g4) < -80, "G4, pressed later, released")
    let after = rig.render(4_800, [.controlChange(controller: 66, value: 0)])
    #expect(SemanticsRig.level(after, skip: 2_400) < -90, "pedal up lets C4 go")

    let ignoring = try SemanticsRig(sfz + " sostenuto_sw=off")
    let free = ignoring.render(
      9_600,
      [
        .noteOn(key: 60, velocity: 100), .controlChange(controller: 66, value: 127, frame: 2_400),
        .noteOff(key: 60, frame: 4_800),
      ])
    #expect(SemanticsRig.level(Array(free[7_200...]), skip: 0) < -90, "sostenuto_sw=off")
  }

  /// corpus/spec opcodes/sustain_lo.md: "Default is 0.5, meaning the sustain pedal is down as
  /// long as the CC value is anything above 0"; `sustain_lo=64` makes it an on/off switch.
  @Test("sustain_cc, sustain_lo and sustain_sw choose which pedal holds a region and when")
  func sustainOptions() throws {
    func sounding(_ sfz: String, _ controller: UInt8, _ value: UInt8) throws -> Bool {
      let rig = try SemanticsRig("<region> sample=*sine amp_veltrack=0 " + sfz)
      let out = rig.render(
        9_600,
        [
          .controlChange(controller: controller, value: value), .noteOn(key: 60, velocity: 100),
          .noteOff(key: 60, frame: 2_400),
        ])
      return SemanticsRig.level(Array(out[4_800...]), skip: 0) > -40
    }
    #expect(try sounding("", 64, 1), "the default pedal holds at any value above 0")
    #expect(try !sounding("", 64, 0))
    #expect(try sounding("sustain_lo=64", 64, 64))
    #expect(try !sounding("sustain_lo=64", 64, 63), "halfway: an on/off switch")
    #expect(try !sounding("sustain_sw=off", 64, 127))
    #expect(try sounding("sustain_cc=4", 4, 127))
    #expect(try !sounding("sustain_cc=4", 64, 127), "CC64 is no longer this region's pedal")
    #expect(try !sounding("sustain_lo=100", 64, 90))
    #expect(try sounding("sustain_lo=100", 64, 110))
    #expect(try sounding("sustain_lo=1", 64, 1), "half-pedal instruments: any value holds")
  }

  @Test("lotimer/hitimer pick a region by the time since the channel's previous note")
  func timer() throws {
    let rig = try SemanticsRig(
      """
      <group> amp_veltrack=0 volume=-12
      <region> sample=*sine hitimer=0.25 tune=0
      <region> sample=*sine lotimer=0.25 tune=700
      """)
    // 0.1 s and 0.5 s between notes; the first note has no previous one (an endless timer).
    let out = rig.render(
      43_200,
      [
        .noteOn(key: 60, velocity: 100), .noteOff(key: 60, frame: 2_400),
        .noteOn(key: 60, velocity: 100, frame: 4_800), .noteOff(key: 60, frame: 7_200),
        .noteOn(key: 60, velocity: 100, frame: 28_800), .noteOff(key: 60, frame: 31_200),
      ])
    let tones = [0..<2_400, 4_800..<7_200, 28_800..<31_200].map {
      SemanticsRig.tone(Array(out[$0]), among: [0, 7])
    }
    #expect(tones == [7, 0, 7], "\(tones)")
  }

  /// corpus/spec opcodes/pan_keycenter.md: "In this key, pan_keytrack will have no effect"; the
  /// key may be written as a note name like every key opcode (d4 is 62, the default is 60).
  @Test(
    "pan_keytrack moves notes between the sides by its percent per key from pan_keycenter",
    arguments: [("60", 60), ("d4", 62)] as [(String, UInt8)])
  func panKeytrack(written: String, centre: UInt8) throws {
    let rig = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 pan_keytrack=50 pan_keycenter=\(written)")
    let (centreL, centreR) = Self.stereo(rig, key: centre)
    #expect(abs(Measure.rmsDB(centreL[240...]) - Measure.rmsDB(centreR[240...])) < 0.05)
    // A key up pans by 50%: equal-power gains cos and sin of 3/8 pi.
    let (l, r) = Self.stereo(rig, key: centre + 1)
    let difference = Measure.rmsDB(r[240...]) - Measure.rmsDB(l[240...])
    let expected = Measure.dB(tan(3 * .pi / 8))
    #expect(abs(difference - expected) < 0.1, "\(difference) dB, expected \(expected)")
    let (farL, farR) = Self.stereo(rig, key: centre - 2)
    #expect(Measure.rmsDB(farR[240...]) < -90, "two keys down: hard left")
    #expect(Measure.rmsDB(farL[240...]) > -20)
  }

  /// corpus/spec extensions/midi_ccs.md: "lohdcc140=12 hihdcc140=12.1" plays "only when the
  /// interval between the current note and the previous one is an octave, ascending", and
  /// "lohdcc141=12.1 hihdcc141=24 ... only when the interval is more than one octave in either
  /// direction"; "Using lohdcc alone ... will result in the region not triggering".
  @Test("lohdcc140/hihdcc140 and 141 select regions by the interval from the previous note")
  func keyDeltaConditions() throws {
    func plays(_ condition: String, _ first: UInt8, _ second: UInt8) throws -> Bool {
      let rig = try SemanticsRig(
        "<region> sample=*sine amp_veltrack=0 lokey=0 hikey=127 \(condition)\n"
          + "<region> sample=*silence lokey=0 hikey=127")
      _ = rig.strike(first, frames: 480)
      return Measure.peak(rig.strike(second, frames: 2_400)[...]) > 0.01
    }
    let octaveUp = "lohdcc140=12 hihdcc140=12.1"
    #expect(try plays(octaveUp, 60, 72))
    #expect(try !plays(octaveUp, 60, 71))
    #expect(try !plays(octaveUp, 72, 60), "descending")
    let wide = "lohdcc141=12.1 hihdcc141=24"
    #expect(try plays(wide, 60, 75))
    #expect(try plays(wide, 60, 45), "either direction")
    #expect(try !plays(wide, 60, 70))
    #expect(try !plays("lohdcc141=12.1", 60, 75), "lohdcc alone never plays, as ARIA")
  }

  @Test("pitch_oncc140 follows the key delta; delay_oncc141 its size")
  func keyDelta() throws {
    let rig = try SemanticsRig("<region> sample=*sine amp_veltrack=0 pitch_oncc140=100")
    // First note: no previous key, no shift. Then 60 -> 64 adds 4 half-steps, 64 -> 62 takes 2.
    #expect(SemanticsRig.tone(rig.strike(60), key: 60, among: [-4, -2, 0, 2, 4]) == 0)
    #expect(SemanticsRig.tone(rig.strike(64), key: 64, among: [-4, -2, 0, 2, 4]) == 4)
    #expect(SemanticsRig.tone(rig.strike(62), key: 62, among: [-4, -2, 0, 2, 4]) == -2)

    let delayed = try SemanticsRig("<region> sample=*sine amp_veltrack=0 delay_oncc141=0.01")
    _ = delayed.strike(65)
    let out = delayed.strike(60, frames: 9_600)
    let onset = Measure.onset(out, threshold: 1e-4) ?? -1
    #expect(abs(Double(onset) / 48 - 50) < 1, "5 half-steps down: \(Double(onset) / 48) ms")
  }

  @Test("conditions and triggers on extended controllers: channel pressure 129, velocity 131")
  func extendedControllers() throws {
    let rig = try SemanticsRig(
      """
      <group> amp_veltrack=0 volume=-12
      <region> sample=*sine locc129=0 hicc129=63 tune=0
      <region> sample=*sine locc129=64 hicc129=127 locc131=0 hicc131=99 tune=700
      <region> sample=*sine locc129=64 hicc129=127 locc131=100 hicc131=127 tune=400
      """)
    #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
    let soft = rig.strike(60, velocity: 90, before: [.channelPressure(pressure: 80)])
    let hard = rig.strike(60, velocity: 110, before: [.channelPressure(pressure: 80)])
    let none = rig.strike(60, velocity: 110, before: [.channelPressure(pressure: 10)])
    #expect(SemanticsRig.tone(soft, among: [0, 4, 7]) == 7)
    #expect(SemanticsRig.tone(hard, among: [0, 4, 7]) == 4)
    #expect(SemanticsRig.tone(none, among: [0, 4, 7]) == 0)

    let trigger = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 hikey=-1 on_locc129=100 on_hicc129=127")
    let quiet = trigger.render(4_800, [.channelPressure(pressure: 90)])
    let fired = trigger.render(4_800, [.channelPressure(pressure: 110)])
    #expect(SemanticsRig.level(quiet) < -90)
    #expect(SemanticsRig.level(fired) > -20, "pressure entering 100...127 plays the region")
  }

  @Test("lohdccN/hihdccN bound a controller on 0...1, keeping the 7-bit steps inside")
  func highDefinitionConditions() throws {
    let rig = try SemanticsRig(
      """
      <group> amp_veltrack=0 volume=-12
      <region> sample=*sine lohdcc1=0.5 hihdcc1=0.75 tune=700
      <region> sample=*sine hihdcc1=0.49 tune=0
      """)
    #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
    // 0.5 is step 63.5, 0.75 step 95.25, 0.49 step 62.2: 63 and 96 lie outside both.
    let cases: [(UInt8, Int?)] = [(62, 0), (63, nil), (64, 7), (95, 7), (96, nil)]
    for (value, tone) in cases {
      let out = rig.strike(60, before: [.controlChange(controller: 1, value: value)])
      #expect(SemanticsRig.tone(out, among: [0, 7]) == tone, "cc1=\(value)")
    }
  }
}
