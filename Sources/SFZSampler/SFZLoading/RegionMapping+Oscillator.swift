import CSamplerCore
import Foundation
import SFZ

/// SFZ v2 oscillators: `oscillator=on` plays the sample as one cycle of a waveform, and
/// `oscillator_multi` of 3 to 9 plays that many of them in unison, detuned and spread between
/// the sides (corpus/spec opcodes/oscillator_multi.md). The generators (`*sine`...) are
/// oscillators already.
extension RegionMapping {
  /// The unison's coefficients of oscillator_detune, oscillator by oscillator (oscillator_multi.md).
  static let unisonDetune: [Double] = [0, -1, 1, -0.25, 0.25, -0.5, 0.5, -0.75, 0.75]

  /// Whether the region's sample is an oscillator's cycle.
  var isOscillator: Bool { isGenerator || region.string("oscillator")?.lowercased() == "on" }

  /// Loops a sample played as an oscillator whole and tunes it so that its key centre sounds that
  /// key's pitch, as a generator does; starts it at oscillator_phase (degrees; a negative value
  /// is a random phase, oscillator_phase.md).
  func applyOscillator(to r: inout sc_region, _ diagnostics: inout [SFZDiagnostic]) {
    if region.string("oscillator")?.lowercased() == "auto" {
      diagnostics.append(
        warning(
          "oscillator",
          "oscillator=auto is read as off: the sample plays as a sample (auto is sfizz's, which "
            + "looks for a wavetable marker in the file)"))
    }
    for (name, what) in [
      ("oscillator_mode", "phase and frequency modulation"),
      ("oscillator_mod_depth", "their depth"),
    ] where region.has(name) && (name != "oscillator_mode" || region.int(name) != 0) {
      diagnostics.append(warning(name, "\(name) is not rendered: \(what) between oscillators"))
    }
    // read whether or not the sample plays as an oscillator: without one it has nothing to do
    let multi = region.int("oscillator_multi")
    let frames = audio.frameCount
    guard isOscillator, frames > 0 else { return }
    // ring modulation by the unison table's second oscillator, at -1 x oscillator_detune
    if multi == 2 {
      r.ring = true
      r.ring_cents = -(float("oscillator_detune") ?? 0)
    }
    if let phase = float("oscillator_phase") {
      if phase < 0 {
        r.offset_random = Float(frames - 1)
      } else {
        r.offset = UInt64(Double(phase) / 360 * Double(frames)) % UInt64(frames)
      }
    }
    guard !isGenerator else { return }
    r.loop_mode = SC_LOOP_CONTINUOUS
    r.loop_start = 0
    r.loop_end = UInt64(frames - 1)
    let cycle = audio.sampleRate / Double(frames)
    let key = 440 * pow(2, (Double(r.pitch_keycenter) - 69) / 12)
    r.tune += Float(1200 * log2(key / cycle))
  }

  /// The region as its oscillators play it: `made` alone, or one copy per oscillator of a
  /// unison, each detuned by its coefficient of oscillator_detune (and of its controllers) and
  /// placed so that oscillator i of m sounds (i - 1) / (m - 1) on the left and the rest on the
  /// right.
  func unison(of made: Made) -> [Made] {
    guard isOscillator, let count = region.int("oscillator_multi"), (3...9).contains(count) else {
      return [made]
    }
    let detune = region.double("oscillator_detune") ?? 0
    let controllers = region.opcodes { name -> Int? in
      guard name.hasPrefix("oscillator_detune_oncc"),
        let source = Int(name.dropFirst("oscillator_detune_oncc".count)),
        UnsupportedOpcodes.hasSource(source)
      else { return nil }
      return source
    }
    return (0..<count).map { i in
      var copy = made
      let coefficient = Self.unisonDetune[i]
      copy.region.tune += Float(coefficient * detune)
      let left = Double(i) / Double(count - 1)
      let right = 1 - left
      // the engine's pan is equal-power with unity at the centre: gains sqrt 2 cos and sin of
      // (pan + 1) pi / 4, scaled here to the two gains asked for
      let angle = atan2(right, left)
      copy.region.pan = min(max(copy.region.pan + Float((angle * 4 / .pi - 1) * 100), -100), 100)
      copy.region.volume_db += Float(20 * log10(((left * left + right * right) / 2).squareRoot()))
      for (source, opcode) in controllers {
        guard let depth = opcode.number, coefficient != 0 else { continue }
        copy.modulations.append(
          sc_modulation(
            target: UInt16(SC_MOD_PITCH.rawValue), source: UInt16(source), curve: -1,
            depth: Float(coefficient * depth), smooth: 0, step: 0))
      }
      return copy
    }
  }
}
