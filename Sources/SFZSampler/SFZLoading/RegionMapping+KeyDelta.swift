import CSamplerCore
import SFZ

/// ARIA's conditions on the interval from the channel's previous note: `lohdcc140`/`hihdcc140`
/// on the key delta and `lohdcc141`/`hihdcc141` on its magnitude, in half-steps (corpus/spec
/// extensions/midi_ccs.md: "the below will restrict a region to play only when the interval
/// between the current note and the previous one is an octave, ascending").
extension RegionMapping {
  func applyKeyDeltaConditions(to r: inout sc_region, _ diagnostics: inout [SFZDiagnostic]) {
    withUnsafeMutableBytes(of: &r.key_delta_set) { set in
      withUnsafeMutableBytes(of: &r.key_delta_lo) { lows in
        withUnsafeMutableBytes(of: &r.key_delta_hi) { highs in
          for (i, cc) in [140, 141].enumerated() {
            let lo = region.double("lohdcc\(cc)")
            let hi = region.double("hihdcc\(cc)")
            guard lo != nil || hi != nil else { continue }
            set.storeBytes(of: true, toByteOffset: i, as: Bool.self)
            lows.storeBytes(of: Float(lo ?? -.infinity), toByteOffset: i * 4, as: Float.self)
            // midi_ccs.md: "Using lohdcc alone does not work and will result in the region not
            // triggering", as ARIA plays it
            if hi == nil {
              diagnostics.append(
                warning(
                  "lohdcc\(cc)",
                  "lohdcc\(cc) without hihdcc\(cc): as in ARIA, the region never plays; write "
                    + "hihdcc\(cc) too"))
            }
            highs.storeBytes(of: Float(hi ?? -.infinity), toByteOffset: i * 4, as: Float.self)
          }
        }
      }
    }
  }
}
