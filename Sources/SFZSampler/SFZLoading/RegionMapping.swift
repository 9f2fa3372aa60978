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

  /// Every `fil_type` value of corpus/spec opcodes/fil_type.md (syntax.yml lists them). The
  /// `_sv` ones are the 2-pole types, which are state-variable filters already; `pkf_2p` ("peak
  /// filter") is the peaking band `peq`, its gain fil_gain, as is sfizz's `bpk_2p`, which the
  /// opcode table takes from sfizz though the documentation does not list it.
  static let filterTypes: [String: sc_filter_type] = [
    "lpf_1p": SC_FILTER_LPF_1P, "hpf_1p": SC_FILTER_HPF_1P, "lpf_2p": SC_FILTER_LPF_2P,
    "hpf_2p": SC_FILTER_HPF_2P, "bpf_2p": SC_FILTER_BPF_2P, "brf_2p": SC_FILTER_BRF_2P,
    "bpf_1p": SC_FILTER_BPF_1P, "brf_1p": SC_FILTER_BRF_1P, "apf_1p": SC_FILTER_APF_1P,
    "lpf_2p_sv": SC_FILTER_LPF_2P, "hpf_2p_sv": SC_FILTER_HPF_2P, "bpf_2p_sv": SC_FILTER_BPF_2P,
    "brf_2p_sv": SC_FILTER_BRF_2P, "pkf_2p": SC_FILTER_PEQ, "bpk_2p": SC_FILTER_PEQ,
    "lpf_4p": SC_FILTER_LPF_4P, "hpf_4p": SC_FILTER_HPF_4P, "lpf_6p": SC_FILTER_LPF_6P,
    "hpf_6p": SC_FILTER_HPF_6P, "comb": SC_FILTER_COMB, "pink": SC_FILTER_PINK,
    "lsh": SC_FILTER_LSH, "hsh": SC_FILTER_HSH, "peq": SC_FILTER_PEQ,
  ]

  /// The SFZ defaults, as sc_region_init sets them: the mapping's only source of them.
  static let defaults: sc_region = {
    var r = sc_region()
    sc_region_init(&r)
    return r
  }()

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
  /// The opcode's number, when the region writes it; a field it leaves unset keeps the value
  /// `sc_region_init` gave it (`r.pan = float("pan") ?? r.pan`), the one home of the defaults.
  func float(_ name: String) -> Float? { number(name).map { Float($0) } }

  /// The C region and what goes with it.
  func make() -> Made {
    var diagnostics: [SFZDiagnostic] = []
    // Labels name things for a player's interface and make no sound; `key` reached the region
    // as the lokey, hikey and pitch_keycenter the parser set from it.
    region.ignore(["region_label", "group_label", "master_label", "global_label", "key"])
    // Every field starts at the SFZ default sc_region_init gives it, and keeps it unless the
    // region writes the opcode.
    var r = Self.defaults
    r.sample_index = UInt32(sampleIndex)
    applyKeys(to: &r)
    r.lovel = region.int("lovel").map { UInt8(clamping: min(max($0, 1), 127)) } ?? r.lovel
    r.hivel = region.int("hivel").map { UInt8(clamping: min(max($0, 1), 127)) } ?? r.hivel

    applyPitch(to: &r)
    applyLevel(to: &r)
    applyPlayback(to: &r, &diagnostics)
    applySelection(to: &r, &diagnostics)
    applyKeyDeltaConditions(to: &r, &diagnostics)
    applyEngineSourceConditions(to: &r, &diagnostics)
    applyPerformance(to: &r, &diagnostics)
    applyOscillator(to: &r, &diagnostics)
    r.rt_decay = float("rt_decay") ?? r.rt_decay
    r.rt_dead = region.string("rt_dead").map { $0.lowercased() == "on" } ?? r.rt_dead
    applyEnvelopes(to: &r)
    applyV2Modulators(to: &r, &diagnostics)

    applyFilters(to: &r, &diagnostics)
    applyNoise(to: &r, &diagnostics)
    applyEffectSends(to: &r)
    diagnostics += emptyRangeWarnings(r)
    let modulations = inOffsetMode(modulations() + variables(&diagnostics))
    r.implicit_controllers = Self.implicitControllers(for: modulations)
    return Made(
      region: r, velocityCurve: velocityCurve(), modulations: modulations,
      diagnostics: diagnostics)
  }

  /// Key centre, tracking, tuning and bend range.
  private func applyPitch(to r: inout sc_region) {
    if region.string("pitch_keycenter")?.lowercased() == "sample" {
      r.pitch_keycenter = audio.rootKey.map { Float($0) } ?? r.pitch_keycenter
    } else {
      r.pitch_keycenter = region.note("pitch_keycenter").map { Float($0) } ?? r.pitch_keycenter
    }
    r.pitch_keytrack = float("pitch_keytrack") ?? r.pitch_keytrack
    let source = region.samplePath
    let isNoise = isGenerator && source?.lowercased() == "*noise"
    // Noise has no pitch to track, whatever the region's setting.
    if isNoise { r.pitch_keytrack = 0 }
    r.tune = float("tune") ?? r.tune
    r.tune += 100 * (float("transpose") ?? 0)
    if isGenerator && !isNoise {
      // A generator's root is its key centre: at pitch_keycenter it sounds that key's
      // frequency, as in ARIA and the reference renders (reference/sfz: *sine with
      // pitch_keycenter=69 on key 69 is 440 Hz). Its cycle is recorded at its rootKey's pitch.
      r.tune += 100 * (r.pitch_keycenter - Float(audio.rootKey ?? 60))
    }
    r.bend_up = float("bend_up") ?? r.bend_up
    r.bend_down = float("bend_down") ?? r.bend_down
  }

  /// ARIA's `pan_law` (corpus/spec opcodes/pan_law.md) names two laws without describing
  /// them. `mma` is read as the MIDI Manufacturers Association's default pan curve (RP-036):
  /// left cos(πx/2), right sin(πx/2) over the pan position x in 0...1, so -3.01 dB each side at
  /// the centre and 0 dB on the side a hard pan goes to. The engine's pan is that curve times
  /// √2 (unity at the centre), so `mma` is the same law 3.01 dB down. `balance`, which the page
  /// makes the default, is the engine's own.
  static let mmaPanLawDB = Float(20 * log10(0.5.squareRoot()))

  /// Gain and pan.
  private func applyLevel(to r: inout sc_region) {
    // The levels of all four headers stack: their volumes add, their amplitudes (percent)
    // multiply.
    let amplitude = ["amplitude", "global_amplitude", "master_amplitude", "group_amplitude"]
      .compactMap(number).reduce(1.0) { $0 * $1 / 100 }
    let volume = ["volume", "global_volume", "master_volume", "group_volume"]
      .compactMap(number).reduce(0.0, +)
    r.volume_db += Float(volume + (amplitude > 0 ? 20 * log10(amplitude) : -144))
    if region.string("pan_law") == "mma" { r.volume_db += Self.mmaPanLawDB }
    r.amp_veltrack = float("amp_veltrack") ?? r.amp_veltrack
    r.pan = float("pan") ?? r.pan
  }

  /// `applyFilters` reads a filter's type, resonance and tracking only when the region sets its
  /// cutoff, since without one the filter is off. Written without a cutoff, they are still the
  /// region's filter settings rather than opcodes the engine lacks, so they are not reported.
  func warning(_ opcode: String, _ message: String) -> SFZDiagnostic {
    SFZDiagnostic(.warning, at: region.opcode(opcode)?.location ?? region.location, message)
  }
}
