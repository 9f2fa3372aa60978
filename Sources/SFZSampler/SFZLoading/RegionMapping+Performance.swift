import CSamplerCore
import Foundation
import SFZ

/// Per-note variation, amplitude shaping, crossfades and EQ.
extension RegionMapping {
  func applyPerformance(to r: inout sc_region, _ diagnostics: inout [SFZDiagnostic]) {
    r.offset_random = float("offset_random", 0)
    r.delay = float("delay", 0)
    r.delay_random = float("delay_random", 0)
    r.count = UInt32(max(region.int("count") ?? 0, 0))
    r.loop_crossfade = float("loop_crossfade", 0)
    r.pitch_veltrack = float("pitch_veltrack", 0)
    r.pitch_random = float("pitch_random", 0)
    r.bend_step = float("bend_step", 0)
    r.amp_keycenter = Float(region.note("amp_keycenter") ?? 60)
    r.amp_keytrack = float("amp_keytrack", 0)
    r.amp_random = float("amp_random", 0)
    r.width = float("width", 100)
    r.position = float("position", 0)
    r.pan_keytrack = float("pan_keytrack", 0)
    r.pan_keycenter = Float(region.note("pan_keycenter") ?? 60)
    r.fil_random = float("fil_random", 0)
    r.lobpm = float("lobpm", 0)
    // hibpm's documented default, 500, is also the top of its range (corpus/spec
    // sfzformat/data/sfz/syntax.yml, docs/opcodes/lobpm.md): there it means no upper limit, so
    // a region without a tempo condition, or with only lobpm, still plays in faster songs.
    if let hibpm = number("hibpm"), hibpm < 500 { r.hibpm = Float(hibpm) }
    r.sync_beats = float("sync_beats", 0)
    r.sync_offset = float("sync_offset", 0)
    r.key_crossfade = sc_crossfade(
      in_lo: note("xfin_lokey", 0), in_hi: note("xfin_hikey", 0),
      out_lo: note("xfout_lokey", 127), out_hi: note("xfout_hikey", 127),
      power: region.string("xf_keycurve")?.lowercased() != "gain")
    r.velocity_crossfade = sc_crossfade(
      in_lo: byte("xfin_lovel", 0), in_hi: byte("xfin_hivel", 0),
      out_lo: byte("xfout_lovel", 127), out_hi: byte("xfout_hivel", 127),
      power: region.string("xf_velcurve")?.lowercased() != "gain")
    applyControllerCrossfades(to: &r, &diagnostics)
    withUnsafeMutableBytes(of: &r.eq) { raw in
      let bands = raw.bindMemory(to: sc_eq_band.self)
      for band in 0..<3 {
        let prefix = "eq\(band + 1)_"
        bands[band].freq = float(prefix + "freq", bands[band].freq)
        bands[band].bw = float(prefix + "bw", 1)
        bands[band].gain = float(prefix + "gain", 0)
        bands[band].vel2freq = float(prefix + "vel2freq", 0)
        bands[band].vel2gain = float(prefix + "vel2gain", 0)
      }
    }
  }

  private func note(_ name: String, _ fallback: Int) -> UInt8 {
    UInt8(clamping: min(max(region.note(name) ?? fallback, 0), 127))
  }

  private func byte(_ name: String, _ fallback: Int) -> UInt8 {
    UInt8(clamping: min(max(region.int(name) ?? fallback, 0), 127))
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
    r.cc_crossfade_power = region.string("xf_cccurve")?.lowercased() != "gain"
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
