import CSamplerCore
import Foundation
import SFZ

/// Turns the opcodes of one SFZ region into a region of the C core. Every opcode goes through
/// `region`, which records what was read: the loader reports the rest as not rendered, so
/// nothing an instrument asks for is dropped without a word.
struct RegionMapping {
  /// Everything the mapping makes of one region.
  struct Made {
    var region: sc_region
    /// The amplitude velocity curve the region draws (`amp_velcurve_N`), if any.
    var velocityCurve: [Float]?
    /// Controller and aftertouch modulations, in a stable order.
    var modulations: [sc_modulation]
    /// Problems found on the way, as diagnostics at the opcode's line.
    var diagnostics: [SFZDiagnostic]
  }

  static let filterTypes: [String: sc_filter_type] = [
    "lpf_1p": SC_FILTER_LPF_1P, "hpf_1p": SC_FILTER_HPF_1P, "lpf_2p": SC_FILTER_LPF_2P,
    "hpf_2p": SC_FILTER_HPF_2P, "bpf_2p": SC_FILTER_BPF_2P, "brf_2p": SC_FILTER_BRF_2P,
  ]

  let region: RegionReader
  let audio: DecodedAudio
  let sampleIndex: Int
  let isGenerator: Bool
  /// The region plays a reversed copy of its sample (direction=reverse): frame positions are
  /// mirrored into that copy.
  let reversed: Bool

  /// A mapping of `region`, whose sample is `audio` at `sampleIndex` in the engine's instrument,
  /// and its reversed copy at `reversedSampleIndex` when the loader made one.
  init(
    region: SFZRegion, audio: DecodedAudio, sampleIndex: Int, reversedSampleIndex: Int?,
    isGenerator: Bool
  ) {
    self.region = RegionReader(region)
    self.audio = audio
    self.isGenerator = isGenerator
    if Self.playsReversed(self.region.string("direction")), let reversedSampleIndex {
      reversed = true
      self.sampleIndex = reversedSampleIndex
    } else {
      reversed = false
      self.sampleIndex = sampleIndex
    }
  }

  /// Whether a region with this `direction` plays its sample backwards, from a reversed copy.
  static func playsReversed(_ direction: String?) -> Bool {
    direction?.lowercased() == "reverse"
  }

  func number(_ name: String) -> Double? { region.double(name) }
  func float(_ name: String, _ fallback: Float) -> Float {
    number(name).map { Float($0) } ?? fallback
  }

  /// The C region and what goes with it.
  func make() -> Made {
    var diagnostics: [SFZDiagnostic] = []
    // Labels name things for a player's interface and make no sound; `key` reached the region
    // as the lokey, hikey and pitch_keycenter the parser set from it.
    region.ignore(["region_label", "group_label", "master_label", "global_label", "key"])
    var r = sc_region()
    sc_region_init(&r)
    r.sample_index = UInt32(sampleIndex)
    applyKeys(to: &r)
    r.lovel = UInt8(clamping: min(max(region.int("lovel") ?? 1, 1), 127))
    r.hivel = UInt8(clamping: min(max(region.int("hivel") ?? 127, 1), 127))

    if region.string("pitch_keycenter")?.lowercased() == "sample" {
      r.pitch_keycenter = Float(audio.rootKey ?? 60)
    } else {
      r.pitch_keycenter = Float(region.note("pitch_keycenter") ?? 60)
    }
    let source = region.samplePath
    let isNoise = isGenerator && source?.lowercased() == "*noise"
    // Noise has no pitch to track; the opcode is read all the same, as the region's setting.
    let keytrack = float("pitch_keytrack", 100)
    r.pitch_keytrack = isNoise ? 0 : keytrack
    r.tune = float("tune", 0) + 100 * float("transpose", 0)
    if isGenerator && !isNoise {
      // A generator's root is its key centre: at pitch_keycenter it sounds that key's
      // frequency, as in ARIA and the reference renders (reference/sfz: *sine with
      // pitch_keycenter=69 on key 69 is 440 Hz). Its cycle is recorded at its rootKey's pitch.
      r.tune += 100 * (r.pitch_keycenter - Float(audio.rootKey ?? 60))
    }
    r.bend_up = float("bend_up", 200)
    r.bend_down = float("bend_down", -200)

    let amplitude = ["amplitude", "global_amplitude", "master_amplitude", "group_amplitude"]
      .reduce(1.0) { $0 * (number($1) ?? 100) / 100 }
    let volume = ["volume", "global_volume", "master_volume", "group_volume"]
      .reduce(0.0) { $0 + (number($1) ?? 0) }
    r.volume_db = Float(volume + (amplitude > 0 ? 20 * log10(amplitude) : -144))
    r.amp_veltrack = float("amp_veltrack", 100)
    r.pan = float("pan", 0)

    let frames = audio.frameCount
    r.offset = UInt64(max(region.int("offset") ?? 0, 0))
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
    r.loop_mode = loopMode(&diagnostics)
    if let start = region.int("loop_start") { r.loop_start = UInt64(max(start, 0)) }
    if let end = region.int("loop_end") { r.loop_end = UInt64(max(end, 0)) }
    if r.loop_end >= UInt64(frames), region.has("loop_end") {
      diagnostics.append(
        warning("loop_end", "loop_end \(r.loop_end) is past the sample's \(frames) frames; clamped")
      )
    }

    if reversed { mirror(&r, frames: frames) }
    applySelection(to: &r, &diagnostics)
    applyPerformance(to: &r, &diagnostics)
    r.rt_decay = float("rt_decay", 0)

    r.ampeg = envelope("ampeg", release: 0.001)
    r.fileg = envelope("fileg", release: 0)
    r.pitcheg = envelope("pitcheg", release: 0)
    r.amplfo = lfo("amplfo")
    r.fillfo = lfo("fillfo")
    r.pitchlfo = lfo("pitchlfo")
    applyV2Modulators(to: &r, &diagnostics)

    applyFilters(to: &r, &diagnostics)
    ignoreFilterSettingsWithoutCutoff()
    diagnostics += emptyRangeWarnings(r)
    let modulations = modulations()
    r.implicit_controllers = Self.implicitControllers(for: modulations)
    return Made(
      region: r, velocityCurve: velocityCurve(), modulations: modulations,
      diagnostics: diagnostics)
  }

  /// `applyFilters` reads a filter's type, resonance and tracking only when the region sets its
  /// cutoff, since without one the filter is off. Written without a cutoff, they are still the
  /// region's filter settings rather than opcodes the engine lacks, so they are not reported.
  private func ignoreFilterSettingsWithoutCutoff() {
    for filter in ["", "2"] where region.double("cutoff\(filter)") == nil {
      region.ignore(
        [
          "fil\(filter)_type", "resonance\(filter)", "fil\(filter)_keytrack",
          "fil\(filter)_keycenter", "fil\(filter)_veltrack",
        ])
    }
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

  private func loopMode(_ diagnostics: inout [SFZDiagnostic]) -> sc_loop_mode {
    switch region.string("loop_mode")?.lowercased() {
    case nil:
      // SFZ: no loop unless the file carries one (generators always loop).
      return audio.loop != nil ? SC_LOOP_CONTINUOUS : SC_LOOP_NONE
    case "no_loop": return SC_LOOP_NONE
    case "one_shot": return SC_LOOP_ONE_SHOT
    case "loop_continuous": return SC_LOOP_CONTINUOUS
    case "loop_sustain": return SC_LOOP_SUSTAIN
    case let other?:
      diagnostics.append(warning("loop_mode", "unknown loop_mode '\(other)'; no loop"))
      return SC_LOOP_NONE
    }
  }

  private func envelope(_ eg: String, release: Float) -> sc_envelope_params {
    var e = sc_envelope_params()
    e.delay = float("\(eg)_delay", 0)
    e.start = float("\(eg)_start", 0) / 100
    e.attack = float("\(eg)_attack", 0)
    e.hold = float("\(eg)_hold", 0)
    e.decay = float("\(eg)_decay", 0)
    e.sustain = float("\(eg)_sustain", 100) / 100
    e.release = float("\(eg)_release", release)
    e.depth = float("\(eg)_depth", 0)
    e.vel2delay = float("\(eg)_vel2delay", 0)
    e.vel2attack = float("\(eg)_vel2attack", 0)
    e.vel2hold = float("\(eg)_vel2hold", 0)
    e.vel2decay = float("\(eg)_vel2decay", 0)
    e.vel2sustain = float("\(eg)_vel2sustain", 0) / 100
    e.vel2release = float("\(eg)_vel2release", 0)
    e.vel2depth = float("\(eg)_vel2depth", 0)
    return e
  }

  private func lfo(_ name: String) -> sc_lfo_params {
    sc_lfo_params(
      delay: float("\(name)_delay", 0), fade: float("\(name)_fade", 0),
      freq: float("\(name)_freq", 0), depth: float("\(name)_depth", 0))
  }

  func warning(_ opcode: String, _ message: String) -> SFZDiagnostic {
    SFZDiagnostic(.warning, at: region.opcode(opcode)?.location ?? region.location, message)
  }
}
