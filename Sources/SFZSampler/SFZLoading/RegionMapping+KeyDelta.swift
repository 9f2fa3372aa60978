import CSamplerCore
import SFZ

/// ARIA's conditions on the interval from the channel's previous note: `lohdcc140`/`hihdcc140`
/// on the key delta and `lohdcc141`/`hihdcc141` on its magnitude, in half-steps (corpus/spec
/// extensions/midi_ccs.md: "the below will restrict a region to play only when the interval
/// between the current note and the previous one is an octave, ascending").
extension RegionMapping {
  func applyKeyDeltaConditions(to r: inout sc_region, _ diagnostics: inout [SFZDiagnostic]) {
    var set = [false, false]
    var lows: [Float] = [-.infinity, -.infinity]
    var highs: [Float] = [-.infinity, -.infinity]
    for (i, cc) in [140, 141].enumerated() {
      let lo = region.double("lohdcc\(cc)")
      let hi = region.double("hihdcc\(cc)")
      guard lo != nil || hi != nil else { continue }
      set[i] = true
      lows[i] = lo.map { Float($0) } ?? -.infinity
      // midi_ccs.md: "Using lohdcc alone does not work and will result in the region not
      // triggering", as ARIA plays it
      if let hi {
        highs[i] = Float(hi)
      } else {
        diagnostics.append(
          warning(
            "lohdcc\(cc)",
            "lohdcc\(cc) without hihdcc\(cc): as in ARIA, the region never plays; write "
              + "hihdcc\(cc) too"))
      }
    }
    r.key_delta_set = (set[0], set[1])
    r.key_delta_lo = (lows[0], lows[1])
    r.key_delta_hi = (highs[0], highs[1])
  }
}
