import AudioTestSupport
import CSndfile
import Foundation
import SFZSampler
import Testing

@Suite("Semantics: generators, root key from the file, aftertouch and per-note randomness")
struct SemanticsSourcesTests {
  /// Peak over RMS: a square about 1 (its edges overshoot a little through the interpolation),
  /// a sine the square root of 2, a triangle and a saw the square root of 3.
  private func crest(_ signal: ArraySlice<Float>) -> Double {
    Double(Measure.peak(signal)) / pow(10, Measure.rmsDB(signal) / 20)
  }

  @Test("each generator has its own waveform at the key's pitch; *silence is silent")
  func generators() throws {
    var shares: [String: Double] = [:]  // crest factors
    for name in ["sine", "saw", "square", "triangle"] {
      let rig = try SemanticsRig("<region> sample=*\(name) amp_veltrack=0")
      let out = rig.strike(60, frames: 9_600)
      let hertz = Measure.frequency(out, sampleRate: 48_000, in: 480..<9_600)
      if name != "saw" {
        #expect(
          abs(Measure.cents(hertz, from: SemanticsRig.middleC)) < 1, "*\(name) at \(hertz) Hz")
      }
      shares[name] = crest(out[480...])
    }
    #expect(shares["square"]! < 1.25, "\(shares)")
    #expect(abs(shares["sine"]! - 2.0.squareRoot()) < 0.05, "\(shares)")
    #expect(abs(shares["triangle"]! - 3.0.squareRoot()) < 0.1, "\(shares)")
    #expect(shares["saw"]! > 1.6, "a saw, its reset overshooting a little: \(shares)")
    let noise = try SemanticsRig("<region> sample=*noise amp_veltrack=0")
    let hiss = noise.strike(60, frames: 9_600)
    #expect(Measure.rmsDB(hiss[480...]) > -20, "noise sounds")
    let crossings = zip(hiss.dropFirst(480), hiss.dropFirst(481)).filter { $0 < 0 && $1 >= 0 }.count
    #expect(crossings > 1_000, "noise crosses zero far more often than a tone: \(crossings)")
    let silence = try SemanticsRig("<region> sample=*silence")
    #expect(Measure.peak(silence.strike(60, frames: 4_800)[...]) == 0)
  }

  @Test("pitch_keycenter=sample takes the root key from the file's smpl chunk")
  func rootKeyFromFile() throws {
    let fixtures = try DecodingFixtures()
    // A 440 Hz tone recorded as note 69: played on key 69 it stays at 440 Hz.
    let tone = Synth.sine(frequency: 440, sampleRate: 48_000, frames: 48_000)
    let path = try fixtures.writeFloat(
      "a4.wav", values: tone, channels: 1, format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT),
      sampleRate: 48_000)
    try DecodingFixtures.appendSmpl(toWAV: path, unityNote: 69, pitchFraction: 0, loops: [])
    let rig = try SemanticsRig("<region> sample=\(path) amp_veltrack=0 pitch_keycenter=sample")
    let out = rig.strike(69, frames: 9_600)
    let hertz = Measure.frequency(out, sampleRate: 48_000, in: 480..<9_600)
    #expect(abs(Measure.cents(hertz, from: 440)) < 1, "\(hertz) Hz")
  }

  @Test("pitchlfo_depthchanaft sets vibrato depth from channel pressure")
  func aftertouchDepth() throws {
    let rig = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 pitchlfo_freq=5 pitchlfo_depthchanaft=100")
    func swing(_ pressure: UInt8) -> Double {
      let out = rig.strike(72, frames: 24_000, before: [.channelPressure(pressure: pressure)])
      let cents = Measure.centsByPeriod(out, sampleRate: 48_000, base: SemanticsRig.middleC * 2)
        .map(\.cents)
      return (cents.max() ?? 0) - (cents.min() ?? 0)
    }
    #expect(swing(0) < 2)
    let full = swing(127)
    #expect(abs(full - 200) < 15, "+-100 cents at full pressure: \(full)")
  }

  @Test("fil_random gives each note its own cutoff; eq1_vel2gain adds gain with velocity")
  func filterRandomAndEQVelocity() throws {
    let random = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 cutoff=300 fil_random=1200")
    let levels = (0..<12).map { _ in SemanticsRig.level(random.strike(72, frames: 4_800)) }
    #expect((levels.max()! - levels.min()!) > 3, "the notes differ: \(levels)")
    let eq = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 eq1_freq=261.63 eq1_vel2gain=12")
    let soft = SemanticsRig.level(eq.strike(60, velocity: 1, frames: 9_600), skip: 2_400)
    let loud = SemanticsRig.level(eq.strike(60, velocity: 127, frames: 9_600), skip: 2_400)
    #expect(abs((loud - soft) - 12 * 126 / 127) < 0.4, "\(loud - soft) dB")
  }

  /// corpus/spec opcodes/fil_random.md: "In ARIA, this is unipolar": the cutoff only rises, by
  /// up to fil_random cents, so no note is darker than the plain cutoff.
  @Test("fil_random only raises the cutoff: no note is quieter through the low-pass than none")
  func filterRandomIsUnipolar() throws {
    let plain = try SemanticsRig("<region> sample=*sine amp_veltrack=0 cutoff=300")
    let floor = SemanticsRig.level(plain.strike(72, frames: 4_800))
    let random = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 cutoff=300 fil_random=1200")
    let levels = (0..<16).map { _ in SemanticsRig.level(random.strike(72, frames: 4_800)) }
    #expect(levels.allSatisfy { $0 > floor - 0.1 }, "plain \(floor) dB; random \(levels)")
    #expect(levels.max()! > floor + 3, "and some notes are brighter: \(levels)")
  }

  /// corpus/spec syntax.yml: set_hdccN is "like set_ccN but with floating point MIDI CCs". At
  /// 0.5 a bipolar curve (curve 1, headers/curve.md) is exactly 0, so ampeg_attack_oncc73=5 adds
  /// nothing: rounded to 64/127 it would add 39 ms of attack.
  @Test("set_hdccN keeps its precision: 0.5 on a bipolar curve adds no attack")
  func highResolutionInitialController() throws {
    let plain = try SemanticsRig("<region> sample=*sine amp_veltrack=0")
    let centred = try SemanticsRig(
      """
      <control> set_hdcc73=0.5
      <region> sample=*sine amp_veltrack=0 ampeg_attack_oncc73=5 ampeg_attack_curvecc73=1
      """)
    let full = SemanticsRig.level(Array(plain.strike(60, frames: 960)[240..<960]), skip: 0)
    let early = SemanticsRig.level(Array(centred.strike(60, frames: 960)[240..<960]), skip: 0)
    #expect(abs(early - full) < 0.1, "5-20 ms after the note-on: \(early - full) dB")
  }
}
