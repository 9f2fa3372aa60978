import AudioTestSupport
import Foundation
import SFZ
import Testing

@testable import SFZSampler

/// A region's effect sends as the loader reads them (corpus/spec sfzformat/docs/opcodes/
/// effect1.md, effect2.md; data/sfz/syntax.yml: "Level of effect1 send, in percentage (reverb in
/// Cakewalk sfz)", effect2 the chorus, 0...100, default 0). What the effects add is the render
/// with them less the render without (the effects parameter off): the engine renders the same
/// bytes either way for the dry part.
@Suite("Semantics: effect1 and effect2 sends")
struct SemanticsEffectSendTests {
  /// What the effects add to a note of `opcodes`, as the RMS in dB over 2 s.
  private func returnDB(_ opcodes: String) throws -> Double {
    let frames = 96_000
    func render(effects: Bool) throws -> [Float] {
      let rig = try SemanticsRig("<region> sample=*sine amp_veltrack=0 " + opcodes)
      #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
      rig.sampler.parameters[.effects] = effects ? 1 : 0
      return rig.render(frames, [.noteOn(key: 60, velocity: 100), .noteOff(key: 60, frame: 4_800)])
    }
    let wet = try render(effects: true)
    let dry = try render(effects: false)
    return Measure.rmsDB(zip(wet, dry).map { $0 - $1 }[...])
  }

  @Test("effect1=50 sends half the amplitude of effect1=100: its return is 6.02 dB lower")
  func halfSend() throws {
    let full = try returnDB("effect1=100")
    let half = try returnDB("effect1=50")
    #expect(full > -40, "the reverb answers: \(full) dB")
    #expect(abs((half - full) - -6.02) < 0.01, "\(half - full) dB")
    #expect(try returnDB("") < -200, "no send, nothing added")
  }

  /// The engine takes a send in percent of the voice's output (include/sampler_core.h,
  /// sc_region.effect; Tests/CSamplerCoreTests/EffectSendTests measures that 50 feeds the bus
  /// at half the amplitude): the loader passes the percent through, each to its bus.
  @Test("effect1...effect4 reach the engine's four sends as written, in percent")
  func sendsAsWritten() {
    let location = SFZLocation(file: "probe.sfz", line: 1)
    let written: [(String, Double)] = [
      ("effect1", 50), ("effect2", 25), ("effect3", 12.5), ("effect4", 100),
    ]
    let opcodes = Dictionary(
      uniqueKeysWithValues: written.map { name, value in
        (name, SFZOpcode(name: name, value: "\(value)", location: location, number: value))
      })
    let mapping = RegionMapping(
      region: SFZRegion(opcodes: opcodes, location: location), audio: MappingProbe.sine,
      sampleIndex: 0, reversedSampleIndex: 0, isGenerator: false)
    let sends = mapping.make().region.effect
    #expect([sends.0, sends.1, sends.2, sends.3] == [50, 25, 12.5, 100])
  }

  @Test("effect2 feeds the chorus, not the reverb: its return ends with the note")
  func chorusSend() throws {
    let chorus = try returnDB("effect2=100")
    #expect(chorus > -40, "\(chorus) dB")
    // 0.5 s after the note's 0.1 s, a chorus (delays of a few ms) has gone quiet and a reverb
    // (2 s RT60 by default) has not
    func tail(_ opcodes: String) throws -> Double {
      let rig = try SemanticsRig(
        "<region> sample=*sine amp_veltrack=0 ampeg_release=0.001 " + opcodes)
      let out = rig.render(
        48_000, [.noteOn(key: 60, velocity: 100), .noteOff(key: 60, frame: 4_800)])
      return Measure.rmsDB(out[28_800..<48_000])
    }
    #expect(try tail("effect2=100") < -120)
    #expect(try tail("effect1=100") > -60)
  }
}
