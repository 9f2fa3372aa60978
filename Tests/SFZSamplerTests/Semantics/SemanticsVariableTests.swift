import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// ARIA variables (corpus/spec sfzformat/docs/opcodes/varNN_.md, varNN_mod.md, varNN_onccX.md):
/// controllers combined into one value that modulates a target like a controller. With
/// varNN_mod=mult the inputs multiply, "0 at a CC value of 0, and 1 at CC value of 127"; with add
/// (the default, "how volume, cutoff and all other modulation destinations work") they add up.
@Suite("Semantics: ARIA variables")
struct SemanticsVariableTests {
  private func strike(_ sfz: String, controllers: [(Int, Int)]) throws -> [Float] {
    let rig = try SemanticsRig("<region> sample=*sine amp_veltrack=0 " + sfz)
    #expect(!rig.report.diagnostics.contains { "\($0)".contains("not rendered") }, "\(sfz)")
    let events = controllers.map {
      SamplerEvent.controlChange(controller: UInt8($0.0), value: UInt8($0.1))
    }
    return rig.strike(60, frames: 9_600, before: events)
  }

  @Test("varNN_mod=mult: the product of the inputs scales the output (velocity tracking by a CC)")
  func multiply() throws {
    let sfz = "var01_volume=-12 var01_mod=mult var01_oncc1=1 var01_oncc2=1"
    let plain = SemanticsRig.level(try strike("", controllers: []))
    let both = SemanticsRig.level(try strike(sfz, controllers: [(1, 127), (2, 64)]))
    let one = SemanticsRig.level(try strike(sfz, controllers: [(1, 127), (2, 0)]))
    // 1 x 64/127 of -12 dB
    #expect(abs(both - plain - -12 * 64 / 127) < 0.05, "\(both - plain) dB")
    #expect(abs(one - plain) < 0.05, "one input at 0 silences the product: \(one - plain) dB")
  }

  @Test("varNN_mod=add (the default): the inputs add up, here two full CCs move pitch 200 cents")
  func add() throws {
    let sfz = "var02_pitch=100 var02_oncc1=1 var02_oncc2=1"
    let out = try strike(sfz, controllers: [(1, 127), (2, 127)])
    let hertz = Measure.frequency(out, sampleRate: SemanticsRig.rate, in: 2_400..<9_600)
    #expect(abs(Measure.cents(hertz, from: SemanticsRig.middleC) - 200) < 1)
    let half = try strike(sfz, controllers: [(1, 127), (2, 0)])
    let halfHertz = Measure.frequency(half, sampleRate: SemanticsRig.rate, in: 2_400..<9_600)
    #expect(abs(Measure.cents(halfHertz, from: SemanticsRig.middleC) - 100) < 1)
  }

  @Test("a variable follows its controllers while the note sounds")
  func live() throws {
    let rig = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 var01_volume=-20 var01_mod=mult var01_oncc1=1")
    let out = rig.render(
      19_200,
      [
        .noteOn(key: 60, velocity: 100), .controlChange(controller: 1, value: 127, frame: 9_600),
      ])
    let before = SemanticsRig.level(Array(out[2_400..<9_600]))
    let after = SemanticsRig.level(Array(out[12_000..<19_200]))
    #expect(abs(after - before - -20) < 0.1, "\(after - before) dB")
  }
}
