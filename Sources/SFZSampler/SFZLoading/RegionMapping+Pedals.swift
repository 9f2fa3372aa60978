import CSamplerCore
import SFZ

/// Which pedals hold a region's notes (`sustain_sw`, `sustain_cc`, `sustain_lo` and the
/// sostenuto equivalents) and the note timer condition (`lotimer`, `hitimer`).
extension RegionMapping {
  static let pedalAndTimerOpcodes: Set<String> = [
    "sustain_sw", "sostenuto_sw", "sustain_cc", "sostenuto_cc", "sustain_lo", "sostenuto_lo",
    "lotimer", "hitimer",
  ]

  /// Fills the pedal and timer fields. The pedal thresholds default to 64, the MIDI
  /// specification's switch point (ARIA documents 0.5, i.e. any value above 0, for half-pedal
  /// pianos; instruments that want it write `sustain_lo=1`).
  func applyPedalsAndTimer(to r: inout sc_region) {
    r.sustain_sw = region.string("sustain_sw")?.lowercased() != "off"
    r.sostenuto_sw = region.string("sostenuto_sw")?.lowercased() != "off"
    r.sustain_cc = UInt8(clamping: min(max(region.int("sustain_cc") ?? 64, 0), 127))
    r.sostenuto_cc = UInt8(clamping: min(max(region.int("sostenuto_cc") ?? 66, 0), 127))
    r.sustain_lo = float("sustain_lo", 64)
    r.sostenuto_lo = float("sostenuto_lo", 64)
    r.lotimer = float("lotimer", 0)
    r.hitimer = float("hitimer", .infinity)
  }
}
