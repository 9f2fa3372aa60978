/// The library's own factory presets, numbers 0...99. They use the engine-wide controls and lay
/// them over whatever instrument plays: envelope times add to the instrument's own, the filter
/// is a stage of the sampler's own.
enum FactoryPresets {
  /// Number 0: every parameter at its default, the instrument as its author made it.
  static let `default` = SamplerPreset(number: 0, name: "Default")

  static let all: [SamplerPreset] = [
    `default`,
    SamplerPreset(
      number: 1, name: "Mono Lead",
      values: [
        "voice.monophonic": 1, "voice.legato": 1, "voice.glideRate": 0.08, "vibrato.depth": 12,
        "vibrato.rate": 5.5,
      ]),
    SamplerPreset(
      number: 2, name: "Soft Pad",
      values: [
        "ampEnvelope.attack": 0.8, "ampEnvelope.release": 1.5, "filter.enable": 1,
        "filter.cutoff": 3, "voiceVibrato.depth": 6, "voiceVibrato.rate": 4.5,
      ]),
    SamplerPreset(
      number: 3, name: "Pluck",
      values: [
        "ampEnvelope.decay": 0.35, "ampEnvelope.sustain": 0, "ampEnvelope.release": 0.12,
        "filter.enable": 1, "filter.cutoff": 1.5, "filter.strength": 12,
        "filterEnvelope.decay": 0.25, "filterEnvelope.sustain": 0,
        "filterEnvelope.velocityScaling": 0.6,
      ]),
  ]

  /// The lowest number an instrument's own presets may have.
  static let firstInstrumentNumber = 100
}
