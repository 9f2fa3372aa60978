import CSamplerCore

extension Sampler {
  /// The amplitude envelope of a key-map region before the `ampEnvelope` parameters: no attack,
  /// hold or decay, full sustain, and a 10 ms release so that a released note does not click.
  static let keyMapBaseEnvelope: sc_envelope_params = {
    var e = sc_envelope_params()
    e.sustain = 1
    e.release = 0.01
    return e
  }()

  /// The amplitude envelope ``buildKeyMap()`` and ``buildSimpleKeyMap()`` give their regions:
  /// the `ampEnvelope` parameters laid over ``keyMapBaseEnvelope`` the way the engine lays them
  /// over an SFZ region's own (times added, sustain scaled). The one place they are baked in:
  /// once the engine applies them to every voice, key-map regions take the base envelope alone.
  func keyMapEnvelope() -> sc_envelope_params {
    var e = Self.keyMapBaseEnvelope
    e.attack += parameters[.ampAttack]
    e.hold += parameters[.ampHold]
    e.decay += parameters[.ampDecay]
    e.sustain *= parameters[.ampSustain]
    e.release += parameters[.ampRelease]
    return e
  }
}
