import AudioTestSupport
import Foundation
import SFZ
import SongPlayback
import Testing

@testable import SFZSampler

/// An instrument's `<effect>` chains (corpus/spec sfzformat/docs/headers/effect.md,
/// opcodes/type.md, bus.md, directtomain.md, fxNtomain.md, fxNtomix.md; data/sfz/syntax.yml,
/// Effects), measured against the same note without them.
@Suite("Semantics: <effect> chains")
struct SemanticsEffectChainTests {
  static let sine = "<region> sample=*sine amp_veltrack=0 "

  /// One second of middle C (or `key`) held, left channel.
  private func note(_ sfz: String, key: UInt8 = 60, frames: Int = 48_000) throws -> [Float] {
    let rig = try SemanticsRig(sfz)
    #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
    return rig.render(frames, [.noteOn(key: key, velocity: 100)])
  }

  /// RMS in dB of the held note past its attack.
  private func level(_ signal: [Float]) -> Double { Measure.rmsDB(signal[4_800...]) }

  /// bitred.md and decim.md give the range 0...100 only (syntax.yml); config.h SC_LOFI_* says
  /// what the engine makes of it: bitred 60 keeps 16 - 15 x 0.6 = 7 bits, a grid of 2 / 2^7.
  @Test("lofi bitred=60 leaves the levels of a 7-bit grid: 2 round(A / q) + 1 of them")
  func bitReduction() throws {
    let dry = try note(Self.sine)
    let wet = try note(Self.sine + "<effect> type=lofi bitred=60")
    let step = 2.0 / 128
    let amplitude = Double(Measure.peak(dry[4_800...]))
    let levels = Set(wet[4_800...]).count
    let expected = 2 * Int((amplitude / step).rounded()) + 1
    #expect(levels == expected, "\(levels) levels, \(expected) expected")
    let offGrid = wet[4_800...].filter {
      abs(Double($0) / step - (Double($0) / step).rounded()) > 1e-3
    }
    #expect(offGrid.isEmpty, "\(offGrid.count) samples off the grid")
  }

  /// decim 75: a new sample every 1 / (1 - 0.75) = 4 frames, 12 kHz at 48 kHz.
  @Test("lofi decim=75 holds each sample for 4 frames: an effective rate of 12 kHz")
  func decimation() throws {
    let wet = try note(Self.sine + "<effect> type=lofi decim=75")
    let held = wet[4_800..<48_000]
    var changes = 0
    var runs: Set<Int> = []
    var run = 1
    for i in held.indices.dropFirst() {
      if held[i] != held[i - 1] {
        changes += 1
        runs.insert(run)
        run = 1
      } else {
        run += 1
      }
    }
    let rate = Double(changes) * SemanticsRig.rate / Double(held.count)
    #expect(abs(rate - 12_000) < 12, "\(rate) Hz")
    #expect(runs.subtracting([4]).isEmpty, "held runs of \(runs.sorted()) frames")
  }

  /// type=gain: the level in dB (the type page names no opcode; `gain`, as players read it).
  @Test("type=gain gain=-6 lowers the note by 6.00 dB")
  func gain() throws {
    let dry = level(try note(Self.sine))
    let wet = level(try note(Self.sine + "<effect> type=gain gain=-6"))
    #expect(abs((wet - dry) - -6) < 0.01, "\(wet - dry) dB")
  }

  /// type=filter with the ordinary filter's meanings (type.md: "same opcode meanings as ordinary
  /// filter"): lpf_2p at resonance 0 dB is Q 1 (FilterCurve), measured at middle C and two
  /// octaves up against a 1 kHz cutoff.
  @Test("type=filter lpf_2p 1 kHz: the 2-pole curve at 262 Hz and 1047 Hz")
  func filter() throws {
    let effect = "<effect> type=filter filter_type=lpf_2p filter_cutoff=1000 filter_resonance=0"
    for key: UInt8 in [60, 84] {
      let hertz = SemanticsRig.middleC * pow(2, Double(Int(key) - 60) / 12)
      let dry = level(try note(Self.sine, key: key))
      let wet = level(try note(Self.sine + effect, key: key))
      let omega = FilterCurve.omega(hertz: hertz, cutoff: 1000, sampleRate: SemanticsRig.rate)
      let expected = Measure.dB(FilterCurve.twoPole(highPass: false, omega: omega, q: 1))
      #expect(
        abs((wet - dry) - expected) < 0.05, "key \(key): \(wet - dry) dB, \(expected) expected")
    }
  }

  /// type=eq with the ordinary eq's meanings (eqN_freq, eqN_bw in octaves, eqN_gain in dB): a
  /// peaking band of +12 dB at middle C gives +12 dB there and the cookbook curve an octave up.
  @Test("type=eq: +12 dB at eq_freq, the peaking curve an octave above")
  func eq() throws {
    let centre = SemanticsRig.middleC
    let effect = "<effect> type=eq eq_freq=\(centre) eq_bw=1 eq_gain=12"
    let atCentre = level(try note(Self.sine + effect)) - level(try note(Self.sine))
    #expect(abs(atCentre - 12) < 0.05, "\(atCentre) dB")
    let above = level(try note(Self.sine + effect, key: 72)) - level(try note(Self.sine, key: 72))
    // bandwidth 1 octave: Q = sqrt(2) / (2 - 1) by the cookbook's octave relation (small w)
    let omega = FilterCurve.omega(hertz: 2 * centre, cutoff: centre, sampleRate: SemanticsRig.rate)
    let expected = Measure.dB(FilterCurve.peaking(omega: omega, gain: 12, q: 2.squareRoot()))
    #expect(abs(above - expected) < 0.3, "\(above) dB, \(expected) expected")
  }

  /// delay_timel/timer in seconds, delay_feedback in percent (syntax.yml): a 50 ms note echoed
  /// 100 ms later, each repeat at half the amplitude of the one before (-6.02 dB).
  @Test("type=delay: echoes 4800 frames apart, each 6.02 dB below the one before")
  func delay() throws {
    let sfz =
      "<region> sample=*sine amp_veltrack=0 ampeg_release=0.001 <effect> type=delay "
      + "delay_timel=0.1 delay_timer=0.1 delay_feedback=50 delay_dry=0 delay_wet=100"
    let rig = try SemanticsRig(sfz)
    #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
    let out = rig.render(
      19_200, [.noteOn(key: 60, velocity: 100), .noteOff(key: 60, frame: 2_400)])
    let dryRig = try SemanticsRig("<region> sample=*sine amp_veltrack=0 ampeg_release=0.001")
    let dry = dryRig.render(
      4_800, [.noteOn(key: 60, velocity: 100), .noteOff(key: 60, frame: 2_400)])
    let dryOnset = try #require(Measure.onset(dry))
    let onset = try #require(Measure.onset(out))
    #expect(onset - dryOnset == 4_800, "\(onset - dryOnset) frames")
    #expect(Measure.rmsDB(out[..<4_800]) < -200, "no dry signal")
    let first = Measure.rmsDB(out[5_040..<6_800])
    let second = Measure.rmsDB(out[9_840..<11_600])
    let third = Measure.rmsDB(out[14_640..<16_400])
    #expect(abs((second - first) - -6.02) < 0.02, "\(second - first) dB")
    #expect(abs((third - second) - -6.02) < 0.02, "\(third - second) dB")
  }

  /// type=fverb on fx1 (type.md's reverb; reverb_size 0...100 per syntax.yml, the decay it
  /// stands for chosen in config.h: 0.3 s + size x 5.7 s, so 20 is 1.44 s; reverb_damp 0 keeps
  /// every band as long): ISO 3382's T30 of the 1 kHz octave band of a 10 ms burst's tail.
  @Test("type=fverb reverb_size=20: RT60 at 1 kHz within 10% of 1.44 s")
  func chainReverb() throws {
    let rig = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 ampeg_release=0.001 effect1=100 <effect> bus=fx1 "
        + "type=fverb reverb_size=20 reverb_damp=0 reverb_predelay=0 fx1tomain=100 "
        + "directtomain=0")
    #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
    let out = rig.render(
      192_000, [.noteOn(key: 84, velocity: 100), .noteOff(key: 84, frame: 480)])
    let band = RoomAcoustics.octaveBand(out, center: 1_000, sampleRate: SemanticsRig.rate)
    let rt60 = RoomAcoustics.rt60(band, sampleRate: SemanticsRig.rate)
    let expected = 0.3 + 0.2 * 5.7
    #expect(abs(rt60 / expected - 1) < 0.1, "RT60 \(rt60) s, \(expected) s expected")
  }

  /// directtomain, fxNtomain, fxNtomix: "translates from % into a linear gain 0-1".
  @Test("directtomain=50 and a 50% fx1tomain each return at -6.02 dB")
  func routingLevels() throws {
    let dry = level(try note(Self.sine))
    let direct = level(try note(Self.sine + "<effect> directtomain=50 type=gain gain=0"))
    #expect(abs((direct - dry) - -6.02) < 0.01, "directtomain: \(direct - dry) dB")
    // effect1=100 feeds fx1 at the voice's full amplitude; with no direct signal the output is
    // fx1's return alone
    let viaBus = level(
      try note(
        Self.sine + "effect1=100 <effect> bus=fx1 type=gain gain=0 directtomain=0 fx1tomain=50"))
    #expect(abs((viaBus - dry) - -6.02) < 0.01, "fx1tomain: \(viaBus - dry) dB")
    // fx1tomix passes the main chain by: a main gain of -40 dB leaves it alone
    let toMix = level(
      try note(
        Self.sine + "effect1=100 <effect> bus=fx1 type=gain fx1tomix=50 directtomain=0 "
          + "<effect> type=gain gain=-40"))
    #expect(abs((toMix - dry) - -6.02) < 0.01, "fx1tomix: \(toMix - dry) dB")
  }

  /// With an fx1 chain declared, effect1 feeds it and not the engine's reverb: the effects add
  /// nothing to the note when fx1 returns nowhere (fx1tomain 0, its syntax.yml default).
  @Test("effect1 goes to a declared fx1 chain instead of the reverb")
  func effect1ToChain() throws {
    func added(_ sfz: String) throws -> Double {
      func render(effects: Bool) throws -> [Float] {
        let rig = try SemanticsRig(sfz)
        rig.sampler.parameters[.effects] = effects ? 1 : 0
        return rig.render(48_000, [.noteOn(key: 60, velocity: 100)])
      }
      let wet = try render(effects: true)
      let dry = try render(effects: false)
      return Measure.rmsDB(zip(wet, dry).map { $0 - $1 }[...])
    }
    #expect(try added(Self.sine + "effect1=100") > -40, "the reverb answers without a chain")
    #expect(try added(Self.sine + "effect1=100 <effect> bus=fx1 type=gain") < -200)
    #expect(try added(Self.sine + "effect1=100 <effect> bus=fx3 type=gain") > -40, "fx3 is not fx1")
  }

  /// A render cut into other blocks gives the same bits (the chains keep their state per frame).
  @Test("a chain renders the same bits in blocks of 128 and of 37 frames")
  func blockSizes() throws {
    let sfz =
      Self.sine + "effect1=60 <effect> type=lofi bitred=30 decim=33 <effect> bus=fx1 "
      + "type=delay delay_timel=0.013 delay_timer=0.021 delay_feedback=40 delay_damphi=30 "
      + "fx1tomain=70 <effect> type=filter filter_type=hpf_2p filter_cutoff=300 "
      + "<effect> type=fverb reverb_size=40 reverb_wet=30"
    func render(block: Int) throws -> [Float] {
      let rig = try SemanticsRig(sfz)
      var out: [Float] = []
      let events = [ScheduledEvent(frame: 0, event: .noteOn(key: 60, velocity: 100))]
      SongRenderer(sampler: rig.sampler, blockSize: block).render(events, tailFrames: 24_000) {
        out.append(contentsOf: $0.left)
        return true
      }
      return out
    }
    let a = try render(block: 128)
    let b = try render(block: 37)
    let n = min(a.count, b.count)
    #expect(n > 20_000)
    #expect(Array(a[..<n]) == Array(b[..<n]))
  }

  /// An unknown type and an unread opcode are reported at their lines.
  @Test("type=comp and delay_mode warn 'not rendered' at their lines")
  func warnings() throws {
    let rig = try SemanticsRig(
      Self.sine + "\n<effect> type=comp comp_ratio=4\n<effect> type=delay delay_mode=ping")
    let messages = rig.report.diagnostics.map { "\($0.line): \($0.message)" }
    #expect(messages.contains { $0.hasPrefix("2:") && $0.contains("'comp' is not rendered") })
    #expect(messages.contains { $0.hasPrefix("3:") && $0.contains("'delay_mode' is not rendered") })
    #expect(messages.count == 2, "\(messages)")
  }

  /// The corpus's effect cases (sfizz's SynthT 008...017) load without a warning about their
  /// effects; 017's `output=1` under <effect> names an output this engine does not have.
  @Test(
    "the SynthT effect cases load without warnings about their effects",
    .enabled(if: TestData.exists(TestData.corpus)))
  func corpusCases() throws {
    let folder = TestData.corpus.appendingPathComponent("sfz-parser-cases/sfizz-inline/SynthT")
    let files = TestData.files(under: folder, extensions: ["sfz"]).filter {
      ["008", "010", "012", "013", "014", "015", "016", "017"].contains(
        String($0.lastPathComponent.prefix(3)))
    }
    #expect(files.count == 8)
    for file in files {
      let sampler = Sampler(sampleRate: SemanticsRig.rate, maximumPolyphony: 8)
      let report = try sampler.loadInstrument(url: file)
      let effectWarnings = report.diagnostics.filter {
        ($0.message.contains("<effect>") || $0.message.contains("effect type"))
          && !$0.message.contains("'output'")
      }
      #expect(effectWarnings.isEmpty, "\(file.lastPathComponent): \(effectWarnings)")
    }
  }
}
