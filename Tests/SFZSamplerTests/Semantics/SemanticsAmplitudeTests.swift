import AudioTestSupport
import CSndfile
import Foundation
import SFZSampler
import Testing

@Suite("Semantics: amplitude")
struct SemanticsAmplitudeTests {
  private func level(
    _ sfz: String, key: UInt8 = 60, velocity: UInt8 = 127, before: [SamplerEvent] = []
  )
    throws -> Double
  {
    let rig = try SemanticsRig(sfz)
    return SemanticsRig.level(rig.strike(key, velocity: velocity, frames: 4_800, before: before))
  }

  @Test("amp_keytrack changes the level by its dB per key from amp_keycenter")
  func keytrack() throws {
    let sfz = "<region> sample=*sine amp_veltrack=0 amp_keycenter=60 amp_keytrack=-1.5"
    let centre = try level(sfz, key: 60)
    let above = try level(sfz, key: 64)
    #expect(abs((above - centre) - -6) < 0.1, "\(above - centre) dB for 4 keys at -1.5 dB/key")
  }

  @Test("amp_velcurve_N points shape velocity, linear between them")
  func velocityCurve() throws {
    let sfz = "<region> sample=*sine amp_velcurve_1=0.1 amp_velcurve_100=0.5 amp_velcurve_127=1"
    let full = try level(sfz, velocity: 127)
    let hundred = try level(sfz, velocity: 100)
    let fifty = try level(sfz, velocity: 50)
    #expect(abs((hundred - full) - Measure.dB(0.5)) < 0.1)
    let expected = 0.1 + (0.5 - 0.1) * Double(50 - 1) / Double(100 - 1)
    #expect(abs((fifty - full) - Measure.dB(expected)) < 0.1, "velocity 50: \(fifty - full) dB")
  }

  /// corpus/spec opcodes/amp_random.md: "In ARIA and Cakewalk, amp_random is unipolar" (the
  /// page's own example, volume=-3 amp_random=6, spreads -3...+3 dB), so a note only gets louder.
  @Test("amp_random raises each note by 0...its dB, one way as in ARIA; gain_random is its alias")
  func ampRandom() throws {
    let reference = try level("<region> sample=*sine amp_veltrack=0")
    for spelling in ["amp_random", "gain_random"] {
      let rig = try SemanticsRig("<region> sample=*sine amp_veltrack=0 \(spelling)=6")
      let levels = (0..<20).map { _ in
        SemanticsRig.level(rig.strike(60, frames: 2_400)) - reference
      }
      #expect(levels.allSatisfy { $0 >= -0.05 && $0 <= 6.05 }, "\(spelling): \(levels)")
      #expect((levels.max()! - levels.min()!) > 3, "the notes differ: \(levels)")
    }
  }

  /// corpus/spec opcodes/phase.md: "If invert is set, the region is played with inverted phase."
  @Test("phase=invert plays the region with its polarity reversed: with its twin it cancels")
  func phaseInvert() throws {
    let normal = try SemanticsRig("<region> sample=*sine amp_veltrack=0 pan=30").strike(
      60, frames: 4_800)
    let inverted = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 pan=30 phase=invert"
    ).strike(60, frames: 4_800)
    #expect(Measure.rmsDB(normal[240...]) > -10)
    #expect(zip(normal, inverted).allSatisfy { $0 == -$1 }, "sample for sample the negative")
    let both = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0\n<region> sample=*sine amp_veltrack=0 phase=invert")
    #expect(Measure.peak(both.strike(60, frames: 4_800)[...]) < 1e-6, "the pair cancels")
  }

  @Test("a key crossfade follows its ramp: -6 dB halfway with the gain curve, -3 dB with power")
  func keyCrossfade() throws {
    let gain = "<region> sample=*sine amp_veltrack=0 xfin_lokey=60 xfin_hikey=70 xf_keycurve=gain"
    let power = "<region> sample=*sine amp_veltrack=0 xfin_lokey=60 xfin_hikey=70 xf_keycurve=power"
    let plain = try level("<region> sample=*sine amp_veltrack=0", key: 65)
    #expect(abs(try level(gain, key: 65) - plain - Measure.dB(0.5)) < 0.1)
    #expect(abs(try level(power, key: 65) - plain - Measure.dB(sqrt(0.5))) < 0.1)
    #expect(try level(gain, key: 59) < -90, "below the fade-in: silent")
  }

  @Test("a velocity crossfade out silences the top of its range")
  func velocityCrossfade() throws {
    let sfz = "<region> sample=*sine amp_veltrack=0 xfout_lovel=64 xfout_hivel=100 xf_velcurve=gain"
    let soft = try level(sfz, velocity: 60)
    let middle = try level(sfz, velocity: 82)
    #expect(abs(middle - soft - Measure.dB(0.5)) < 0.1)
    #expect(try level(sfz, velocity: 110) < -90)
  }

  @Test("a CC crossfade follows the controller while the note sounds")
  func controllerCrossfade() throws {
    let rig = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 xfin_locc1=0 xfin_hicc1=127 xf_cccurve=gain")
    let out = rig.render(
      24_000,
      [
        .controlChange(controller: 1, value: 127), .noteOn(key: 60, velocity: 100, frame: 10),
        .controlChange(controller: 1, value: 0, frame: 12_000),
      ])
    #expect(SemanticsRig.level(Array(out[2_000..<11_000])) > -4)
    #expect(Measure.peak(out[13_000...]) < 1e-4, "faded out with the controller")
  }

  @Test("amplitude_oncc7 with curve 4 replaces the default CC7 law; volume_onccN adds dB")
  func controllerVolume() throws {
    let sfz = "<region> sample=*sine amp_veltrack=0 amplitude_oncc7=100 amplitude_curvecc7=4"
    let full = try level(sfz, before: [.controlChange(controller: 7, value: 127)])
    let half = try level(sfz, before: [.controlChange(controller: 7, value: 64)])
    #expect(abs((half - full) - Measure.dB(pow(64.0 / 127, 2))) < 0.15, "once, not squared twice")
    let gain = "<region> sample=*sine amp_veltrack=0 volume_oncc20=-12"
    let low = try level(gain, before: [.controlChange(controller: 20, value: 0)])
    let high = try level(gain, before: [.controlChange(controller: 20, value: 127)])
    #expect(abs((high - low) - -12) < 0.1)
  }

  /// corpus/spec sfzformat/docs/headers/curve.md: points between those given are joined by
  /// straight lines. The <curve> has no curve_index, so it is curve 7, the first after ARIA's
  /// built-in 0-6: at CC110=64 it gives 0.25 of the amplitude, -12.04 dB (curve 0, the linear
  /// default, would give -5.95 dB).
  @Test("a <curve> without curve_index is curve 7 and shapes amplitude_oncc by its points")
  func unnumberedCurve() throws {
    let sfz = """
      <region> sample=*sine amp_veltrack=0 amplitude_oncc110=100 amplitude_curvecc110=7
      <curve> v000=0 v064=0.25 v127=1
      """
    let full = try level(sfz, before: [.controlChange(controller: 110, value: 127)])
    let quarter = try level(sfz, before: [.controlChange(controller: 110, value: 64)])
    #expect(abs((quarter - full) - Measure.dB(0.25)) < 0.1, "\(quarter - full) dB")
  }

  /// corpus/spec opcodes/pan_law.md names `balance` (the default, and what `no_law` means) and
  /// `mma` without describing them; `mma` is read as the MMA's default pan curve (RP-036): left
  /// cos(πx/2), right sin(πx/2), so -3.01 dB each side at the centre and 0 dB on the side of a
  /// hard pan, against the engine's own law, unity at the centre.
  @Test("pan_law=mma is the MMA curve: -3.01 dB each side at the centre, 0 dB hard left")
  func panLaw() throws {
    func sides(_ opcodes: String) throws -> (left: Double, right: Double) {
      let rig = try SemanticsRig("<region> sample=*sine amp_veltrack=0 " + opcodes)
      #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
      var left = [Float](repeating: 0, count: 4_800)
      var right = [Float](repeating: 0, count: 4_800)
      rig.sampler.play(noteNumber: 69, velocity: 127)
      rig.sampler.render(frameCount: 4_800, left: &left, right: &right)
      return (Measure.rmsDB(left[480...]), Measure.rmsDB(right[480...]))
    }
    let source = try sides("").left  // unity at the centre
    let centre = try sides("pan_law=mma")
    #expect(abs(centre.left - (source - 3.01)) < 0.05, "\(centre.left - source) dB")
    #expect(abs(centre.right - (source - 3.01)) < 0.05, "\(centre.right - source) dB")
    let hardLeft = try sides("pan_law=mma pan=-100")
    #expect(abs(hardLeft.left - source) < 0.05, "cos 0 = 1: \(hardLeft.left - source) dB")
    #expect(hardLeft.right < -90)
    let balance = try sides("pan_law=balance pan=-100")
    let deprecated = try sides("pan_law=no_law pan=-100")
    #expect(abs(balance.left - (source + 3.01)) < 0.05, "the engine's law: √2 hard left")
    #expect(deprecated.left == balance.left, "no_law is balance")
  }

  @Test("width 0 folds a stereo sample to mono; position moves it")
  func widthAndPosition() throws {
    let fixtures = try DecodingFixtures()
    let frames = 9_600
    var stereo: [Float] = []
    for i in 0..<frames {
      stereo.append(Float(0.5 * sin(Double(i) * 2 * .pi * 400 / 48_000)))
      stereo.append(0)
    }
    let wav = try fixtures.writeFloat(
      "left.wav", values: stereo, channels: 2, format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT),
      sampleRate: 48_000)
    func render(_ opcodes: String) throws -> (Double, Double) {
      let sfz = "<region> sample=\(wav) amp_veltrack=0 pitch_keycenter=60 \(opcodes)"
      let rig = try SemanticsRig(sfz)
      var left = [Float](repeating: 0, count: 4_800)
      var right = [Float](repeating: 0, count: 4_800)
      rig.sampler.play(noteNumber: 60, velocity: 100)
      rig.sampler.render(frameCount: 4_800, left: &left, right: &right)
      return (Measure.rmsDB(left[240...]), Measure.rmsDB(right[240...]))
    }
    let recorded = try render("")
    #expect(recorded.1 < -90, "the sample is on the left only")
    let mono = try render("width=0")
    #expect(abs(mono.0 - mono.1) < 0.1, "width 0: both sides equal")
    #expect(abs(mono.0 - (recorded.0 - 6.02)) < 0.2, "half of the left on each side")
    let moved = try render("width=0 position=100")
    #expect(moved.0 < -90, "position=100 puts the mono image on the right")
  }

  /// corpus/spec opcodes/amp_veltrack.md: "Allowed values are from -100 … to 100"; the sum with
  /// amp_veltrack_onccN stays in that range (the Discord GM bank's strings add 95 and 100). At
  /// 100 the gain is (velocity/127)^2: velocity 89 is 6.2 dB below 127, not silent.
  @Test("amp_veltrack plus amp_veltrack_onccN is held to 100: velocity 89 is -6.2 dB")
  func velocityTrackingSumIsClamped() throws {
    let rig = try SemanticsRig(
      """
      <control> set_hdcc118=1
      <region> sample=*sine amp_veltrack=95 amp_veltrack_oncc118=100
      """)
    let loud = SemanticsRig.level(rig.strike(60, velocity: 127, frames: 4_800))
    let medium = SemanticsRig.level(rig.strike(60, velocity: 89, frames: 4_800))
    let expected = 20 * log10(pow(89.0 / 127, 2))
    #expect(abs((medium - loud) - expected) < 0.2, "\(medium - loud) dB, expected \(expected)")
  }
}
