import CSamplerCore

/// How samples are read between their frames when played at another pitch.
public enum InterpolationQuality: String, Sendable, CaseIterable {
  /// Two points: cheapest, audibly dull and aliased on large shifts.
  case linear
  /// Four-point cubic Hermite: the default, transparent for most material.
  case hermite
  /// A 16-point windowed sinc: for offline rendering.
  case sinc

  var core: sc_quality {
    switch self {
    case .linear: return SC_QUALITY_LINEAR
    case .hermite: return SC_QUALITY_HERMITE
    case .sinc: return SC_QUALITY_SINC
    }
  }
}
