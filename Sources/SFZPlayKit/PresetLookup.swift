import SFZSampler

/// Finds the preset `--preset` names among the factory presets (the library's and the
/// instrument's) and the user presets.
enum PresetLookup {
  /// The preset numbered `query`, or else named it (exactly, then ignoring case); throws, naming
  /// the instrument and listing every preset there is, when none matches.
  static func find(
    _ query: String, factory: [SamplerPreset], user: [SamplerPreset], instrument: String
  ) throws(SFZPlayError) -> SamplerPreset {
    let all = factory + user
    let match =
      if let number = Int(query) {
        all.first { $0.number == number }
      } else {
        all.first { $0.name == query }
          ?? all.first { $0.name.lowercased() == query.lowercased() }
      }
    guard let match else {
      throw .presetNotFound(query: query, instrument: instrument, available: all.map(\.description))
    }
    return match
  }
}
