import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// Every value of `fil_type` and `fil2_type` (corpus/spec opcodes/fil_type.md; syntax.yml lists
/// them), loaded from SFZ text and measured in the rendered audio against the textbook curve of
/// its type (AudioTestSupport's FilterCurve states the formulas). Resonance is the gain at the
/// cutoff in dB (corpus/spec opcodes/resonance.md); lsh, hsh and peq take their gain from
/// fil_gain (corpus/spec opcodes/fil_gain.md).
@Suite("Semantics: every filter type")
struct SemanticsFilterTypeTests {
  static let rate = SemanticsRig.rate
  /// Key 72's tone, where every cutoff the cases ask for is in reach (the comb's lowest, a
  /// quarter of it, 131 Hz, is above config.h's 93.75 Hz).
  static let tone = 2 * SemanticsRig.middleC

  /// The type's settings and its textbook magnitude at omega (1 at the cutoff).
  struct Case: CustomStringConvertible, Sendable {
    let name: String
    var opcodes = ""
    var curve: @Sendable (Double) -> Double
    var description: String { name }
  }

  static func cascade(_ high: Bool, _ sections: Int, _ resonance: Double)
    -> @Sendable (Double) ->
    Double
  {
    { FilterCurve.cascade(highPass: high, omega: $0, sections: sections, resonance: resonance) }
  }

  static let cases: [Case] = [
    Case(name: "lpf_1p") { 1 / (1 + $0 * $0).squareRoot() },
    Case(name: "hpf_1p") { $0 / (1 + $0 * $0).squareRoot() },
    Case(name: "lpf_2p", opcodes: "resonance=6", curve: cascade(false, 1, 6)),
    Case(name: "hpf_2p", curve: cascade(true, 1, 0)),
    Case(name: "bpf_2p") { $0 / ((1 - $0 * $0) * (1 - $0 * $0) + $0 * $0).squareRoot() },
    Case(name: "brf_2p") {
      abs(1 - $0 * $0) / ((1 - $0 * $0) * (1 - $0 * $0) + $0 * $0).squareRoot()
    },
    Case(name: "bpf_1p") { FilterCurve.bandPassOnePole(omega: $0) },
    Case(name: "brf_1p") { FilterCurve.notchOnePole(omega: $0) },
    Case(name: "apf_1p") { _ in 1 },
    Case(name: "lpf_2p_sv", opcodes: "resonance=-3", curve: cascade(false, 1, -3)),
    Case(name: "hpf_2p_sv", opcodes: "resonance=9", curve: cascade(true, 1, 9)),
    Case(name: "bpf_2p_sv") { $0 / ((1 - $0 * $0) * (1 - $0 * $0) + $0 * $0).squareRoot() },
    Case(name: "brf_2p_sv") {
      abs(1 - $0 * $0) / ((1 - $0 * $0) * (1 - $0 * $0) + $0 * $0).squareRoot()
    },
    Case(name: "pkf_2p", opcodes: "fil_gain=9") { FilterCurve.peaking(omega: $0, gain: 9, q: 1) },
    Case(name: "bpk_2p", opcodes: "fil_gain=-6") { FilterCurve.peaking(omega: $0, gain: -6, q: 1) },
    Case(name: "lpf_4p", curve: cascade(false, 2, 0)),
    Case(name: "hpf_4p", opcodes: "resonance=6", curve: cascade(true, 2, 6)),
    Case(name: "lpf_6p", opcodes: "resonance=12", curve: cascade(false, 3, 12)),
    Case(name: "hpf_6p", curve: cascade(true, 3, 0)),
    // the comb's delay is one period of the cutoff, unwarped: omega is the tone over the cutoff
    Case(name: "comb", opcodes: "resonance=12") {
      FilterCurve.comb(hertz: $0, cutoff: 1, resonance: 12)
    },
    Case(name: "lsh", opcodes: "fil_gain=-9") { FilterCurve.lowShelf(omega: $0, gain: -9, q: 1) },
    Case(name: "hsh", opcodes: "fil_gain=6 resonance=-3") {
      FilterCurve.highShelf(omega: $0, gain: 6, q: pow(10, -3.0 / 20))
    },
    Case(name: "peq", opcodes: "fil_gain=12 resonance=6") {
      FilterCurve.peaking(omega: $0, gain: 12, q: 2)
    },
  ]

  /// The cutoff that puts key 72's tone at `omega`: warped as the bilinear transform warps it,
  /// but for the comb, whose delay is the cutoff's period.
  static func cutoff(for omega: Double, comb: Bool) -> Double {
    comb ? tone / omega : rate / .pi * atan(tan(.pi * tone / rate) / omega)
  }

  /// Level in dB of key 72's tone in `rig`, Hann-windowed over the settled part of the note.
  static func level(_ rig: SemanticsRig, before: [SamplerEvent] = []) -> Double {
    let out = rig.strike(72, frames: 9_600, before: before)
    return Measure.dB(
      Measure.tone(out, frequency: tone, sampleRate: rate, in: 4_800..<9_600).amplitude)
  }

  static func plain() throws -> SemanticsRig {
    try SemanticsRig("<region> sample=*sine amp_veltrack=0")
  }

  @Test("each fil_type loads without a warning and plays its textbook curve", arguments: cases)
  func firstFilter(_ c: Case) throws {
    try measure(c, filter: "")
  }

  @Test(
    "fil2_type takes the same types as the second filter",
    arguments: cases.filter { ["hpf_4p", "apf_1p", "lsh", "peq", "comb"].contains($0.name) })
  func secondFilter(_ c: Case) throws {
    try measure(c, filter: "2")
  }

  func measure(_ c: Case, filter: String) throws {
    let base = Self.level(try Self.plain())
    for omega in [0.25, 0.5, 1, 2, 4] {
      let cutoff = Self.cutoff(for: omega, comb: c.name == "comb")
      let opcodes = c.opcodes.replacingOccurrences(of: "fil_gain", with: "fil\(filter)_gain")
        .replacingOccurrences(of: "resonance", with: "resonance\(filter)")
      let rig = try SemanticsRig(
        """
        <region> sample=*sine amp_veltrack=0 fil\(filter)_type=\(c.name) cutoff\(filter)=\(cutoff)
          \(opcodes)
        """)
      #expect(rig.report.diagnostics.isEmpty, "\(c): \(rig.report.diagnostics)")
      let measured = Self.level(rig) - base
      let expected = Measure.dB(c.curve(omega))
      if expected < -50 {
        #expect(measured < -40, "\(c) at \(omega) x cutoff: \(measured) dB")
      } else {
        #expect(
          abs(measured - expected) < 0.3,
          "\(c) at \(omega) x cutoff: \(measured) dB, textbook \(expected)")
      }
    }
  }

  /// fil_gain_onccN, fil2_gain_onccN and sfizz's fil1_gain (fil_gain.md's opcodes, the
  /// modulation listed in syntax.yml) add to the gain of a peq band on the tone.
  @Test("fil_gain, fil1_gain and their controller forms set the band's gain live")
  func gainModulation() throws {
    let base = Self.level(try Self.plain())
    let cc = [SamplerEvent.controlChange(controller: 1, value: 127)]
    let first = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 fil_type=peq cutoff=\(Self.tone) fil_gain_oncc1=12")
    #expect(abs(Self.level(first) - base) < 0.1, "CC1 at 0: no gain")
    #expect(abs(Self.level(first, before: cc) - base - 12) < 0.1, "CC1 at 127: 12 dB")
    let second = try SemanticsRig(
      """
      <region> sample=*sine amp_veltrack=0 fil2_type=peq cutoff2=\(Self.tone) fil2_gain=-3
        fil2_gain_oncc1=-6
      """)
    #expect(abs(Self.level(second, before: cc) - base + 9) < 0.1, "fil2: -3 - 6 dB")
    let numbered = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 fil_type=peq cutoff=\(Self.tone) fil1_gain=5")
    #expect(abs(Self.level(numbered) - base - 5) < 0.1, "fil1_gain=5")
    for rig in [first, second, numbered] {
      #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
    }
  }

  /// White noise through three types the issue heard wrong: pink without a cutoff (a pinking
  /// filter has no corner; it must not play white), hpf_4p and apf_1p. The `*noise` generator
  /// loops one second, so over one second every 1 Hz bin of the output is the bin of the input
  /// times the filter's response there, exactly.
  @Test(
    "white noise takes each curve bin by bin: pink with no cutoff, hpf_4p, apf_1p",
    arguments: ["fil_type=pink", "fil_type=hpf_4p cutoff=2000", "fil_type=apf_1p cutoff=500"])
  func noise(_ opcodes: String) throws {
    let plain = try SemanticsRig("<region> sample=*noise amp_veltrack=0")
    let rig = try SemanticsRig("<region> sample=*noise amp_veltrack=0 \(opcodes)")
    #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
    let second = 48_000..<96_000
    let white = plain.render(96_000, [.noteOn(key: 60, velocity: 100)])
    let filtered = rig.render(96_000, [.noteOn(key: 60, velocity: 100)])
    var slope = (x: 0.0, y: 0.0, xx: 0.0, xy: 0.0, n: 0.0)
    for step in 0...40 {
      let hertz = (100 * pow(100, Double(step) / 40)).rounded()
      func bin(_ signal: [Float]) -> Double {
        Measure.toneAmplitude(signal, frequency: hertz, sampleRate: Self.rate, in: second)
      }
      let measured = Measure.dB(bin(filtered) / bin(white))
      let expected: Double
      if opcodes.contains("pink") {
        expected = -10 * log10(2) * log2(hertz / 1_000)
      } else if opcodes.contains("hpf_4p") {
        let omega = FilterCurve.omega(hertz: hertz, cutoff: 2_000, sampleRate: Self.rate)
        expected = Measure.dB(
          FilterCurve.cascade(highPass: true, omega: omega, sections: 2, resonance: 0))
      } else {
        expected = 0
      }
      let tolerance = opcodes.contains("apf") ? 0.1 : 0.25
      if expected > -60 {
        #expect(
          abs(measured - expected) < tolerance, "\(opcodes) at \(hertz) Hz: \(measured) dB")
      }
      let x = log2(hertz / 1_000)
      slope = (
        slope.x + x, slope.y + measured, slope.xx + x * x, slope.xy + x * measured, slope.n + 1
      )
    }
    if opcodes.contains("pink") {
      let fitted =
        (slope.n * slope.xy - slope.x * slope.y) / (slope.n * slope.xx - slope.x * slope.x)
      #expect(abs(fitted + 3.0103) < 0.05, "pink: \(fitted) dB per octave")
    }
  }
}
