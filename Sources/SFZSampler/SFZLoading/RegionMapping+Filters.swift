import CSamplerCore
import SFZ

/// The two filters in series: the SFZ v1 one (`cutoff`, `resonance`, `fil_*`) and the SFZ v2
/// second one (`cutoff2`, `resonance2`, `fil2_*`). Their controller modulations
/// (`cutoff_onccN`, `cutoff2_chanaft`...) are modulation records.
extension RegionMapping {
  static let secondFilterOpcodes: Set<String> = [
    "cutoff2", "resonance2", "fil2_type", "fil2_keytrack", "fil2_keycenter", "fil2_veltrack",
  ]

  /// One filter's settings as the region writes them.
  struct FilterSettings {
    var type: sc_filter_type
    var cutoff, resonance, keytrack, keycenter, veltrack: Float
  }

  /// The settings of filter `number` ("" for the first, "2" for the second) when the region
  /// sets its cutoff; without one the filter is off.
  func filterSettings(_ number: String, _ diagnostics: inout [SFZDiagnostic]) -> FilterSettings? {
    guard let cutoff = self.number("cutoff\(number)") else { return nil }
    let typeOpcode = "fil\(number)_type"
    let name = region.string(typeOpcode)?.lowercased() ?? "lpf_2p"
    var type = SC_FILTER_LPF_2P
    if let known = Self.filterTypes[name] {
      type = known
    } else {
      diagnostics.append(
        warning(typeOpcode, "\(typeOpcode)=\(name) is not rendered yet; using lpf_2p"))
    }
    return FilterSettings(
      type: type, cutoff: Float(cutoff), resonance: float("resonance\(number)", 0),
      keytrack: float("fil\(number)_keytrack", 0),
      keycenter: Float(region.note("fil\(number)_keycenter") ?? 60),
      veltrack: float("fil\(number)_veltrack", 0))
  }

  /// Fills both filters.
  func applyFilters(to r: inout sc_region, _ diagnostics: inout [SFZDiagnostic]) {
    if let first = filterSettings("", &diagnostics) {
      r.fil_type = first.type
      r.cutoff = first.cutoff
      r.resonance = first.resonance
      r.fil_keytrack = first.keytrack
      r.fil_keycenter = first.keycenter
      r.fil_veltrack = first.veltrack
    }
    if let second = filterSettings("2", &diagnostics) {
      r.fil2_type = second.type
      r.cutoff2 = second.cutoff
      r.resonance2 = second.resonance
      r.fil2_keytrack = second.keytrack
      r.fil2_keycenter = second.keycenter
      r.fil2_veltrack = second.veltrack
    }
  }
}
