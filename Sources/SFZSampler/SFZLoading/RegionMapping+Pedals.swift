import CSamplerCore
import SFZ

/// Which pedals hold a region's notes (`sustain_sw`, `sustain_cc`, `sustain_lo` and the
/// sostenuto equivalents) and the note timer condition (`lotimer`, `hitimer`).
extension RegionMapping {
  /// Fills the pedal and timer fields. The pedal thresholds default to 0.5, any value above 0,
  /// as ARIA documents (corpus/spec opcodes/sustain_lo.md; sc_region_init holds the value); an
  /// instrument that wants an on/off switch at the halfway point writes `sustain_lo=64`.
  func applyPedalsAndTimer(to r: inout sc_region) {
    r.sustain_sw = region.string("sustain_sw")?.lowercased() != "off"
    r.sostenuto_sw = region.string("sostenuto_sw")?.lowercased() != "off"
    r.sustain_cc = UInt8(clamping: min(max(region.int("sustain_cc") ?? 64, 0), 127))
    r.sostenuto_cc = UInt8(clamping: min(max(region.int("sostenuto_cc") ?? 66, 0), 127))
    r.sustain_lo = float("sustain_lo", r.sustain_lo)
    r.sostenuto_lo = float("sostenuto_lo", r.sostenuto_lo)
    r.lotimer = float("lotimer", 0)
    r.hitimer = float("hitimer", .infinity)
  }
}
