import CSamplerCore

/// The render core's interpolation qualities, named as they appear in benchmark names.
public enum Interpolation: String, CaseIterable, Sendable {
  /// Two-point linear.
  case linear
  /// Four-point cubic Hermite.
  case hermite
  /// Sixteen-point windowed sinc.
  case sinc

  /// The C core's value.
  public var core: sc_quality {
    switch self {
    case .linear: return SC_QUALITY_LINEAR
    case .hermite: return SC_QUALITY_HERMITE
    case .sinc: return SC_QUALITY_SINC
    }
  }
}
