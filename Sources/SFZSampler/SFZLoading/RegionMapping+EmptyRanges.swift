import CSamplerCore
import SFZ

/// A range written upside down (`lokey` above `hikey`, `lovel` above `hivel`, ...) leaves a
/// region no event can play. Every condition of a region must hold for it to play
/// (corpus/spec sfzformat/docs/headers/region.md), so each empty one is reported at the
/// region's line rather than passing in silence.
extension RegionMapping {
  /// One warning per condition of `r` that no event can meet.
  func emptyRangeWarnings(_ r: sc_region) -> [SFZDiagnostic] {
    var found: [String] = []
    func check<T: Comparable>(_ lo: String, _ loValue: T, _ hi: String, _ hiValue: T) {
      if loValue > hiValue {
        found.append("\(written(lo, loValue)) is above \(written(hi, hiValue))")
      }
    }
    // A controller trigger plays whatever the key and velocity; hikey=-1 is the usual way to
    // ask for that (corpus/spec sfzformat/docs/opcodes/lokey.md).
    if r.trigger != SC_TRIGGER_CC {
      // As written: `r` holds no key at all for these.
      let lokey = region.note("lokey") ?? Int(Self.defaults.lokey)
      let hikey = region.note("hikey") ?? Int(Self.defaults.hikey)
      if hikey < 0 {
        found.append("\(written("hikey", hikey)) answers no key and no on_loccN trigger is set")
      } else if lokey > hikey {
        found.append(
          "\(written("lokey", lokey)) is above \(written("hikey", hikey)) and no on_loccN"
            + " trigger is set")
      }
      check("lovel", r.lovel, "hivel", r.hivel)
    }
    check("lochan", r.lochan + 1, "hichan", r.hichan + 1)
    check("loprog", r.loprog, "hiprog", r.hiprog)
    check("lobend", r.lobend, "hibend", r.hibend)
    check("lochanaft", r.lochanaft, "hichanaft", r.hichanaft)
    check("lopolyaft", r.lopolyaft, "hipolyaft", r.hipolyaft)
    withUnsafeBytes(of: r.cc_conditions) { raw in
      for condition in raw.bindMemory(to: sc_cc_range.self).prefix(Int(r.cc_condition_count)) {
        let cc = condition.cc
        if !region.has("lohdcc\(cc)") && !region.has("hihdcc\(cc)") {
          check("locc\(cc)", condition.lo, "hicc\(cc)", condition.hi)
        } else if condition.lo > condition.hi {
          // The engine reads controllers in 128 steps and rounds these bounds inwards.
          found.append(
            "\(written("lohdcc\(cc)", 0)) and \(written("hihdcc\(cc)", 1)) hold none of the"
              + " 128 steps of controller \(cc)")
        }
      }
    }
    check("lotimer", r.lotimer, "hitimer", r.hitimer)
    check("seq_position", r.seq_position, "seq_length", r.seq_length)
    // The random and tempo ranges leave out their upper bound (corpus/spec sfzformat/docs/
    // opcodes/lorand.md, lobpm.md), so equal bounds are empty too; hirand=1 takes every random
    // value, which stays below 1.
    if r.lorand >= 1 || (r.hirand < 1 && r.lorand >= r.hirand) {
      found.append("\(written("lorand", r.lorand)) is not below \(written("hirand", r.hirand))")
    }
    if r.lobpm >= r.hibpm {
      found.append("\(written("lobpm", r.lobpm)) is not below \(written("hibpm", r.hibpm))")
    }
    return found.map {
      SFZDiagnostic(.warning, at: region.location, "\($0): the region never plays")
    }
  }

  /// `name=value` as the file wrote it, or with the value the region takes when it did not.
  private func written(_ name: String, _ value: some Any) -> String {
    "\(name)=\(region.string(name) ?? "\(value)")"
  }
}
