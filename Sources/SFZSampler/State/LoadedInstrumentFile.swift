/// The SFZ file a sampler plays: the reference a saved state keeps, and the presets the file's
/// sidecar brought.
struct LoadedInstrumentFile: Sendable {
  var reference: InstrumentReference
  var presets: [SamplerPreset]
}
