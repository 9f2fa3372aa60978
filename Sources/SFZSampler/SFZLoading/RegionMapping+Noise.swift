import CSamplerCore
import SFZ

/// The SFZ v2 noise generator (`noise_level`, `noise_step`, `noise_tone`, `noise_stereo`,
/// `noise_filter`; their `_onccN` forms are modulation records). The opcode pages are empty and
/// corpus/spec syntax.yml gives only ranges: what is chosen where they are silent is written in
/// config.h (SC_NOISE_*) and here.
extension RegionMapping {
  func applyNoise(to r: inout sc_region, _ diagnostics: inout [SFZDiagnostic]) {
    let level = float("noise_level")
    let step = float("noise_step")
    let tone = float("noise_tone")
    let stereo = region.string("noise_stereo")?.lowercased()
    let filter = region.string("noise_filter")?.lowercased()
    // The generator sounds once the region gives it a level, as a number or from a controller;
    // step, tone and the switches alone shape a noise that is not there.
    let controlled = !region.opcodes({ name in
      Self.modulationParts(name).flatMap { $0.stem == "noise_level" && $0.kind == "on" ? $0 : nil }
    }).isEmpty
    guard level != nil || controlled else { return }
    r.noise.on = true
    // With only a controller the level starts from 0 dB, as every other _onccN adds to its
    // opcode's default.
    r.noise.level = level ?? 0
    r.noise.step = step ?? r.noise.step
    r.noise.tone = tone ?? r.noise.tone
    r.noise.stereo = stereo == "on"
    switch filter {
    case nil, "on": r.noise.filtered = true
    case "off": r.noise.filtered = false
    case let type?:
      // syntax.yml lists the filter types as values without saying what they do; the noise
      // takes the region's own filters, which is what "on" gives it.
      r.noise.filtered = true
      diagnostics.append(
        warning(
          "noise_filter",
          "noise_filter=\(type) is read as on: the noise passes through the region's filters "
            + "(a filter of its own is not documented)"))
    }
  }
}
