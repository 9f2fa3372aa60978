/// The numbers a render is set up with.
struct RenderSettings {
  var sampleRate: Int
  var blockSize: Int
  /// Longest ring-out after the last event, in seconds.
  var tailSeconds: Double
  /// The reverb and chorus.
  var effects = EffectSettings()
}
