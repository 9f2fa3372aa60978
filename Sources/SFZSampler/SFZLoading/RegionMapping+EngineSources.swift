import CSamplerCore
import SFZ

/// ARIA's conditions on its engine sources: `lohdcc151=0` `hihdcc151=0.2` plays a region while
/// the last note-on is at most 0.2 s old (corpus/spec extensions/midi_ccs.md: CC 151 "can be
/// used to control the triggering of release samples ... it also requires using hdcc"). Each
/// bound is in its source's own units; one left out leaves that side open.
extension RegionMapping {
  func applyEngineSourceConditions(to r: inout sc_region, _ diagnostics: inout [SFZDiagnostic]) {
    var conditions: [sc_source_condition] = []
    for source in UnsupportedOpcodes.engineSources.sorted() {
      let lo = region.double("lohdcc\(source)")
      let hi = region.double("hihdcc\(source)")
      guard lo != nil || hi != nil else { continue }
      guard conditions.count < Int(SC_MAX_SOURCE_CONDITIONS) else {
        diagnostics.append(
          warning(
            "lohdcc\(source)",
            "more than \(SC_MAX_SOURCE_CONDITIONS) engine-source conditions: the one on "
              + "controller \(source) is ignored"))
        continue
      }
      conditions.append(
        sc_source_condition(
          source: UInt16(source), lo: lo.map { Float($0) } ?? -.infinity,
          hi: hi.map { Float($0) } ?? .infinity))
    }
    r.source_condition_count = UInt8(conditions.count)
    withUnsafeMutableBytes(of: &r.source_conditions) { raw in
      let slots = raw.bindMemory(to: sc_source_condition.self)
      for (i, condition) in conditions.enumerated() { slots[i] = condition }
    }
  }
}
