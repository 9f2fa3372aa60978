import CSamplerCore
import SFZ

/// How the pitch wheel moves a region beyond its range: in steps (`bend_step`, or SFZ v2's
/// `bend_stepup` and `bend_stepdown` for each direction) and with inertia (`bend_smooth`).
extension RegionMapping {
  func applyBend(to r: inout sc_region) {
    // corpus/spec opcodes/bend_stepup.md: "If this is set to the same value as bend_stepdown,
    // the result is the same as using bend_step"; each direction falls back on bend_step.
    let both = float("bend_step")
    let up = float("bend_stepup") ?? both ?? r.bend_step
    let down = float("bend_stepdown") ?? both ?? r.bend_step
    r.bend_step = up
    r.bend_step_down = down == up ? 0 : down
    r.bend_smooth = float("bend_smooth") ?? r.bend_smooth
  }
}
