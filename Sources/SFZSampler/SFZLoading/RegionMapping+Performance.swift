import CSamplerCore
import Foundation
import SFZ

/// Per-note variation, amplitude shaping, crossfades and EQ.
extension RegionMapping {
  func applyPerformance(to r: inout sc_region, _ diagnostics: inout [SFZDiagnostic]) {
    r.offset_random = float("offset_random") ?? r.offset_random
    r.delay = float("delay") ?? r.delay
    r.delay_random = float("delay_random") ?? r.delay_random
    r.delay_beats = float("delay_beats") ?? r.delay_beats
    r.count = region.int("count").map { UInt32(max($0, 0)) } ?? r.count
    r.loop_crossfade = float("loop_crossfade") ?? r.loop_crossfade
    r.loop_count = region.int("loop_count").map { UInt32(clamping: max($0, 0)) } ?? r.loop_count
    r.loop_tune = float("loop_tune") ?? r.loop_tune
    r.pitch_veltrack = float("pitch_veltrack") ?? r.pitch_veltrack
    r.pitch_random = float("pitch_random") ?? r.pitch_random
    applyBend(to: &r)
    r.amp_keycenter = region.note("amp_keycenter").map { Float($0) } ?? r.amp_keycenter
    r.amp_keytrack = float("amp_keytrack") ?? r.amp_keytrack
    r.amp_random = float("amp_random") ?? r.amp_random
    r.width = float("width") ?? r.width
    r.position = float("position") ?? r.position
    r.phase_invert = region.string("phase")?.lowercased() == "invert"
    r.pan_keytrack = float("pan_keytrack") ?? r.pan_keytrack
    r.pan_veltrack = float("pan_veltrack") ?? r.pan_veltrack
    r.pan_keycenter = region.note("pan_keycenter").map { Float($0) } ?? r.pan_keycenter
    r.lobpm = float("lobpm") ?? r.lobpm
    // hibpm's documented default, 500, is also the top of its range (corpus/spec
    // sfzformat/data/sfz/syntax.yml, docs/opcodes/lobpm.md): there it means no upper limit, so
    // a region without a tempo condition, or with only lobpm, still plays in faster songs.
    if let hibpm = number("hibpm"), hibpm < 500 { r.hibpm = Float(hibpm) }
    r.sync_beats = float("sync_beats") ?? r.sync_beats
    r.sync_offset = float("sync_offset") ?? r.sync_offset
    crossfade(&r.key_crossfade, "key", region.note)
    crossfade(&r.velocity_crossfade, "vel", region.int)
    applyControllerCrossfades(to: &r, &diagnostics)
    withUnsafeMutableBytes(of: &r.eq) { raw in
      let bands = raw.bindMemory(to: sc_eq_band.self)
      for band in 0..<3 {
        let prefix = "eq\(band + 1)_"
        bands[band].freq = float(prefix + "freq") ?? bands[band].freq
        bands[band].bw = float(prefix + "bw") ?? bands[band].bw
        bands[band].gain = float(prefix + "gain") ?? bands[band].gain
        bands[band].vel2freq = float(prefix + "vel2freq") ?? bands[band].vel2freq
        bands[band].vel2gain = float(prefix + "vel2gain") ?? bands[band].vel2gain
      }
    }
  }

  /// Fills a key (`unit` "key") or velocity ("vel") crossfade from `xfin_lo<unit>`,
  /// `xfin_hi<unit>`, `xfout_lo<unit>`, `xfout_hi<unit>` and `xf_<unit>curve`.
  private func crossfade(_ fade: inout sc_crossfade, _ unit: String, _ value: (String) -> Int?) {
    func point(_ name: String) -> UInt8? {
      value(name).map { UInt8(clamping: min(max($0, 0), 127)) }
    }
    fade.in_lo = point("xfin_lo\(unit)") ?? fade.in_lo
    fade.in_hi = point("xfin_hi\(unit)") ?? fade.in_hi
    fade.out_lo = point("xfout_lo\(unit)") ?? fade.out_lo
    fade.out_hi = point("xfout_hi\(unit)") ?? fade.out_hi
    fade.power = region.string("xf_\(unit)curve").map { $0.lowercased() != "gain" } ?? fade.power
  }

  /// xfin_loccN/xfin_hiccN and xfout_loccN/xfout_hiccN, one crossfade per controller and side.
  private func applyControllerCrossfades(
    to r: inout sc_region, _ diagnostics: inout [SFZDiagnostic]
  ) {
    var fades: [sc_cc_crossfade] = []
    for (side, out) in [("xfin", false), ("xfout", true)] {
      let named = region.opcodes { name in
        ["\(side)_locc", "\(side)_hicc"].lazy.compactMap { Self.controller(in: name, $0) }.first
      }
      for cc in Set(named.map(\.0)).sorted() {
        let lo = region.int("\(side)_locc\(cc)") ?? 0
        let hi = region.int("\(side)_hicc\(cc)") ?? 0
        fades.append(
          sc_cc_crossfade(
            cc: UInt8(cc), lo: UInt8(clamping: min(max(lo, 0), 127)),
            hi: UInt8(clamping: min(max(hi, 0), 127)), fade_out: out))
      }
    }
    if fades.count > Int(SC_MAX_CC_CROSSFADES) {
      diagnostics.append(
        SFZDiagnostic(
          .warning, at: region.location,
          "\(fades.count) controller crossfades; only the first \(SC_MAX_CC_CROSSFADES) are rendered"
        ))
    }
    r.cc_crossfade_count = UInt8(min(fades.count, Int(SC_MAX_CC_CROSSFADES)))
    r.cc_crossfade_power =
      region.string("xf_cccurve").map { $0.lowercased() != "gain" } ?? r.cc_crossfade_power
    withUnsafeMutableBytes(of: &r.cc_crossfades) { raw in
      let slots = raw.bindMemory(to: sc_cc_crossfade.self)
      for (i, fade) in fades.prefix(Int(SC_MAX_CC_CROSSFADES)).enumerated() { slots[i] = fade }
    }
  }

  /// The amplitude velocity curve from amp_velcurve_N points (linear between given points,
  /// 0 at velocity 0 and 1 at 127 unless given), or nil when the region sets none.
  func velocityCurve() -> [Float]? {
    var points: [Int: Float] = [:]
    for (velocity, opcode) in region.opcodes({ Self.controller(in: $0, "amp_velcurve_") }) {
      if let value = opcode.number { points[velocity] = Float(value) }
    }
    guard !points.isEmpty else { return nil }
    if points[0] == nil { points[0] = 0 }
    if points[127] == nil { points[127] = 1 }
    let known = points.keys.sorted()
    return (0..<128).map { velocity in
      if let exact = points[velocity] { return exact }
      let below = known.last { $0 < velocity }!
      let above = known.first { $0 > velocity }!
      let t = Float(velocity - below) / Float(above - below)
      return points[below]! + t * (points[above]! - points[below]!)
    }
  }
}
