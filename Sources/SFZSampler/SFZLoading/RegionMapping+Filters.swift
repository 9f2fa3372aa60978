import CSamplerCore
import SFZ

/// The two filters in series, in the order of `sc_region.filters`: the SFZ v1 one (`cutoff`,
/// `resonance`, `fil_*`) and the SFZ v2 second one (`cutoff2`, `resonance2`, `fil2_*`). Their
/// controller modulations (`cutoff_onccN`, `cutoff2_chanaft`...) are modulation records. Where the
/// region is silent a filter keeps what `sc_region_init` set.
extension RegionMapping {
  static let secondFilterOpcodes: Set<String> = [
    "cutoff2", "resonance2", "fil2_type", "fil2_keytrack", "fil2_keycenter", "fil2_veltrack",
  ]

  /// Filter `suffix` ("" for the first, "2" for the second) as the region sets it, starting from
  /// `initial`; without a cutoff the filter stays off.
  func filter(
    _ suffix: String, from initial: sc_filter_params, _ diagnostics: inout [SFZDiagnostic]
  ) -> sc_filter_params {
    var p = initial
    let typeOpcode = "fil\(suffix)_type"
    let name = region.string(typeOpcode)?.lowercased()
    guard let cutoff = number("cutoff\(suffix)") else { return p }
    p.cutoff = Float(cutoff)
    // SFZ: a region that sets a cutoff and no type gets the two-pole low-pass.
    p.type = SC_FILTER_LPF_2P
    if let name {
      if let known = Self.filterTypes[name] {
        p.type = known
      } else {
        diagnostics.append(
          warning(typeOpcode, "\(typeOpcode)=\(name) is not rendered yet; using lpf_2p"))
      }
    }
    if let value = number("resonance\(suffix)") { p.resonance = Float(value) }
    if let value = number("fil\(suffix)_keytrack") { p.keytrack = Float(value) }
    if let value = region.note("fil\(suffix)_keycenter") { p.keycenter = Float(value) }
    if let value = number("fil\(suffix)_veltrack") { p.veltrack = Float(value) }
    return p
  }

  /// Fills both filters; fil_random belongs to the first.
  func applyFilters(to r: inout sc_region, _ diagnostics: inout [SFZDiagnostic]) {
    r.filters.0 = filter("", from: r.filters.0, &diagnostics)
    r.filters.1 = filter("2", from: r.filters.1, &diagnostics)
    if let value = number("fil_random") { r.filters.0.random = Float(value) }
  }
}
