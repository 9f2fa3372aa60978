import CSamplerCore

extension Sampler {
  /// The amplitude envelope ``buildKeyMap()`` and ``buildSimpleKeyMap()`` give their regions: no
  /// attack, hold or decay, full sustain, and a 10 ms release so that a released note does not
  /// click. The `ampEnvelope` parameters (``attackDuration``...) lay themselves over it in the
  /// engine, on every voice, as they do over an SFZ region's own envelope: times added, sustain
  /// scaled, for notes started after a change.
  static let keyMapBaseEnvelope: sc_envelope_params = {
    var e = sc_envelope_params()
    e.sustain = 1
    e.release = 0.01
    return e
  }()
}
