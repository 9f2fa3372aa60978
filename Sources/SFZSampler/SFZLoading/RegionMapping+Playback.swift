import CSamplerCore
import SFZ

/// Which frames of the sample a region plays and how it loops (`offset`, `end`, `loop_*`),
/// mirrored into the reversed copy for `direction=reverse`.
extension RegionMapping {
  /// Fills the start, end and loop of `r`; positions past the sample are reported.
  func applyPlayback(to r: inout sc_region, _ diagnostics: inout [SFZDiagnostic]) {
    let frames = audio.frameCount
    r.offset = offsetFrames() ?? r.offset
    if let end = region.int("end"), end > 0 { r.end = UInt64(end) }
    if let end = region.int("end"), end <= 0, region.has("end") {
      // SFZ: an end of 0 or -1 silences the region.
      r.hikey = 0
      r.lokey = 1
    }
    if Int(r.offset) >= frames {
      diagnostics.append(
        warning("offset", "offset \(r.offset) is past the sample's \(frames) frames; clamped"))
    }
    r.loop_mode = loopMode(unset: r.loop_mode, &diagnostics)
    if let start = region.int("loop_start") { r.loop_start = UInt64(max(start, 0)) }
    if let end = region.int("loop_end") { r.loop_end = UInt64(max(end, 0)) }
    if r.loop_start != 0, r.loop_end == 0, frames > 0 {
      // loop_end.md: not given, it is the file's loop end, else (ARIA) the sample's last frame
      r.loop_end = UInt64(max((audio.loop?.end ?? frames) - 1, 0))
    }
    if r.loop_end >= UInt64(frames), region.has("loop_end") {
      diagnostics.append(
        warning("loop_end", "loop_end \(r.loop_end) is past the sample's \(frames) frames; clamped")
      )
    }
    if r.loop_start > r.loop_end,
      [SC_LOOP_CONTINUOUS, SC_LOOP_SUSTAIN, SC_LOOP_ENGINE].contains(r.loop_mode)
    {
      // The engine swaps an inverted loop rather than loop the one frame it would shrink to
      // (instrument.c); said once here, where the instrument can be fixed.
      diagnostics.append(
        warning(
          "loop_start",
          "loop_start \(r.loop_start) is after loop_end \(r.loop_end); the loop plays from "
            + "\(r.loop_end) to \(r.loop_start)"))
    }
    r.loop_type = loopType(&diagnostics)
    if r.loop_type != SC_LOOP_FORWARD, region.has("loop_crossfade") {
      // a turning loop has no seam where what precedes its start could be blended in
      diagnostics.append(
        warning("loop_crossfade", "loop_crossfade blends forward loops only; not rendered here"))
    }
    if reversed { mirror(&r, frames: frames) }
  }

  /// Frame positions of the original sample, moved to the same audio in its reversed copy.
  private func mirror(_ r: inout sc_region, frames: Int) {
    let last = UInt64(frames - 1)
    let end = r.end == 0 ? last : min(r.end, last)
    let offset = min(r.offset, end)
    r.offset = last - end
    r.end = last - offset
    if r.loop_start != 0 || r.loop_end != 0 {
      let start = min(r.loop_start, last)
      let loopEnd = min(r.loop_end, last)
      r.loop_start = last - loopEnd
      r.loop_end = last - start
    }
  }

  /// Which way the loop runs (loop_type.md); forward unless the region says otherwise.
  private func loopType(_ diagnostics: inout [SFZDiagnostic]) -> sc_loop_type {
    switch region.string("loop_type")?.lowercased() {
    case nil, "forward": return SC_LOOP_FORWARD
    case "backward": return SC_LOOP_BACKWARD
    case "alternate": return SC_LOOP_ALTERNATE
    case let other?:
      diagnostics.append(warning("loop_type", "unknown loop_type '\(other)'; forward"))
      return SC_LOOP_FORWARD
    }
  }

  /// The loop mode, `unset` (sc_region_init's) when neither the region nor the file asks for one.
  private func loopMode(unset: sc_loop_mode, _ diagnostics: inout [SFZDiagnostic]) -> sc_loop_mode {
    switch region.string("loop_mode")?.lowercased() {
    case nil:
      // SFZ: no loop unless the file carries one (generators always loop).
      return audio.loop != nil ? SC_LOOP_CONTINUOUS : unset
    case "no_loop": return SC_LOOP_NONE
    case "one_shot": return SC_LOOP_ONE_SHOT
    case "loop_continuous": return SC_LOOP_CONTINUOUS
    case "loop_sustain": return SC_LOOP_SUSTAIN
    case let other?:
      diagnostics.append(warning("loop_mode", "unknown loop_mode '\(other)'; no loop"))
      return SC_LOOP_NONE
    }
  }
}
