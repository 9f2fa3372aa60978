import CSamplerCore
import SFZ

/// The second filter (SFZ v2), in series after the first: `cutoff2`, `resonance2`, `fil2_*`.
/// Its controller modulations (`cutoff2_onccN`, `cutoff2_chanaft`...) are modulation records.
extension RegionMapping {
  static let secondFilterOpcodes: Set<String> = [
    "cutoff2", "resonance2", "fil2_type", "fil2_keytrack", "fil2_keycenter", "fil2_veltrack",
  ]

  /// Fills the second filter when the region sets `cutoff2`; without it the filter is off, as
  /// the first is without `cutoff`.
  func applySecondFilter(to r: inout sc_region, _ diagnostics: inout [SFZDiagnostic]) {
    guard let cutoff = number("cutoff2") else { return }
    let name = region.string("fil2_type")?.lowercased() ?? "lpf_2p"
    if let type = Self.filterTypes[name] {
      r.fil2_type = type
    } else {
      diagnostics.append(
        warning("fil2_type", "fil2_type=\(name) is not rendered yet; using lpf_2p"))
      r.fil2_type = SC_FILTER_LPF_2P
    }
    r.cutoff2 = Float(cutoff)
    r.resonance2 = float("resonance2", 0)
    r.fil2_keytrack = float("fil2_keytrack", 0)
    r.fil2_keycenter = Float(region.note("fil2_keycenter") ?? 60)
    r.fil2_veltrack = float("fil2_veltrack", 0)
  }
}
