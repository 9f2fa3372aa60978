import BenchSupport

/// The four configurations the issue names, with the C++ reference engine's voices per core.
struct Headline {
  let label: String
  let configuration: RenderConfiguration
  /// Voices the best open-source C++ SFZ engine holds in real time on this kind of machine.
  let referenceVoices: Double

  /// The target: three times the reference.
  var targetVoices: Double { referenceVoices * 3 }

  static let all = [
    Headline(
      label: "Hermite", configuration: RenderConfiguration(interpolation: .hermite),
      referenceVoices: 1_140),
    Headline(
      label: "linear", configuration: RenderConfiguration(interpolation: .linear),
      referenceVoices: 1_290),
    Headline(
      label: "16-point sinc", configuration: RenderConfiguration(interpolation: .sinc),
      referenceVoices: 377),
    Headline(
      label: "Hermite + 2-pole LPF",
      configuration: RenderConfiguration(interpolation: .hermite, filter: true),
      referenceVoices: 840),
  ]
}
