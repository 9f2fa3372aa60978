import CSamplerCore
import SFZ

/// Which pedals hold a region's notes (`sustain_sw`, `sustain_cc`, `sustain_lo` and the
/// sostenuto equivalents) and the note timer condition (`lotimer`, `hitimer`).
extension RegionMapping {
  /// Fills the pedal and timer fields. The pedal thresholds default to 0.5, any value above 0,
  /// as ARIA documents (corpus/spec opcodes/sustain_lo.md; sc_region_init holds the value); an
  /// instrument that wants an on/off switch at the halfway point writes `sustain_lo=64`.
  func applyPedalsAndTimer(to r: inout sc_region) {
    r.sustain_sw = region.string("sustain_sw").map { $0.lowercased() != "off" } ?? r.sustain_sw
    r.sostenuto_sw =
      region.string("sostenuto_sw").map { $0.lowercased() != "off" } ?? r.sostenuto_sw
    let controller = { (written: Int) in UInt8(clamping: min(max(written, 0), 127)) }
    r.sustain_cc = region.int("sustain_cc").map(controller) ?? r.sustain_cc
    r.sostenuto_cc = region.int("sostenuto_cc").map(controller) ?? r.sostenuto_cc
    r.sustain_lo = float("sustain_lo") ?? r.sustain_lo
    r.sostenuto_lo = float("sostenuto_lo") ?? r.sostenuto_lo
    r.lotimer = float("lotimer") ?? r.lotimer
    r.hitimer = float("hitimer") ?? r.hitimer
  }
}
