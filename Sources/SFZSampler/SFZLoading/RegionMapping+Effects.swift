import CSamplerCore
import SFZ

/// A region's effect sends: `effect1` ... `effect4` in percent (corpus/spec opcodes/effect1.md;
/// syntax.yml: "Level of effect1 send, in percentage (reverb in Cakewalk sfz)", 0...100,
/// default 0). Without `<effect>` blocks, bus 1 is the engine's reverb and bus 2 its chorus.
extension RegionMapping {
  func applyEffectSends(to r: inout sc_region) {
    withUnsafeMutableBytes(of: &r.effect) { raw in
      let sends = raw.bindMemory(to: Float.self)
      for bus in 0..<Int(SC_EFFECT_SENDS) {
        if let percent = float("effect\(bus + 1)") { sends[bus] = percent }
      }
    }
  }
}
