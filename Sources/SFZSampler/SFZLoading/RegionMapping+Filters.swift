import CSamplerCore
import SFZ

/// The two filters in series, in the order of `sc_region.filters`: the SFZ v1 one (`cutoff`,
/// `resonance`, `fil_*`) and the SFZ v2 second one (`cutoff2`, `resonance2`, `fil2_*`). Their
/// controller modulations (`cutoff_onccN`, `cutoff2_chanaft`, `fil_gain_onccN`...) are
/// modulation records. Where the region is silent a filter keeps what `sc_region_init` set.
extension RegionMapping {
  /// Filter `suffix` ("" for the first, "2" for the second) as the region sets it, starting from
  /// `initial`; without a cutoff the filter stays off, but for the pink type. Every setting is
  /// read either way, so a region that sets them without a cutoff is not told they are
  /// unsupported.
  func filter(
    _ suffix: String, from initial: sc_filter_params, _ diagnostics: inout [SFZDiagnostic]
  ) -> sc_filter_params {
    var p = initial
    let typeOpcode = "fil\(suffix)_type"
    let name = region.string(typeOpcode)?.lowercased()
    let resonance = float("resonance\(suffix)")
    let keytrack = float("fil\(suffix)_keytrack")
    let keycenter = region.note("fil\(suffix)_keycenter").map { Float($0) }
    let veltrack = float("fil\(suffix)_veltrack")
    // fil_gain (ARIA, corpus/spec opcodes/fil_gain.md) sets the lsh, hsh and peq types' gain;
    // sfizz numbers the first filter's `fil1_gain` too.
    let gain = float("fil\(suffix)_gain")
    let numberedGain = suffix.isEmpty ? float("fil1_gain") : nil
    // A pinking filter has no corner (fil_type.md gives it no cutoff): fil_type=pink alone
    // turns it on.
    guard let cutoff = float("cutoff\(suffix)") ?? (name == "pink" ? p.cutoff : nil) else {
      return p
    }
    p.cutoff = cutoff
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
    p.resonance = resonance ?? p.resonance
    p.keytrack = keytrack ?? p.keytrack
    p.keycenter = keycenter ?? p.keycenter
    p.veltrack = veltrack ?? p.veltrack
    p.gain = gain ?? numberedGain ?? p.gain
    return p
  }

  /// Fills both filters; fil_random belongs to the first.
  func applyFilters(to r: inout sc_region, _ diagnostics: inout [SFZDiagnostic]) {
    r.filters.0 = filter("", from: r.filters.0, &diagnostics)
    r.filters.1 = filter("2", from: r.filters.1, &diagnostics)
    r.filters.0.random = float("fil_random") ?? r.filters.0.random
  }
}
