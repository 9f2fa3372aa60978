import CSamplerCore
import SFZ

/// ARIA's `offset_mode=percent`: `offset` and its controllers count in percent of the sample's
/// length instead of frames (corpus/spec opcodes/offset_mode.md: "It applies to both fixed
/// offset and offset modulated by MIDI CC").
extension RegionMapping {
  private var offsetInPercent: Bool { region.string("offset_mode")?.lowercased() == "percent" }

  /// Frames per unit of offset: 1, or a hundredth of the sample.
  private var offsetUnit: Double { offsetInPercent ? Double(audio.frameCount) / 100 : 1 }

  /// The region's offset in frames, when it sets one.
  func offsetFrames() -> UInt64? {
    guard let offset = region.double("offset") else { return nil }
    return UInt64(max(offset * offsetUnit, 0).rounded(.down))
  }

  /// The modulations with their offset depths in frames.
  func inOffsetMode(_ modulations: [sc_modulation]) -> [sc_modulation] {
    guard offsetInPercent else { return modulations }
    return modulations.map { m in
      var m = m
      if m.target == SC_MOD_OFFSET.rawValue { m.depth = Float(Double(m.depth) * offsetUnit) }
      return m
    }
  }
}
