/// One cell of the render-cost matrix: what each voice does.
///
/// ```swift
/// let config = RenderConfiguration(interpolation: .hermite, filter: true)
/// print(config.name)  // hermite_stereo_filter_ratio1.5
/// ```
public struct RenderConfiguration: Hashable, Sendable {
  /// How samples are read between frames.
  public var interpolation: Interpolation
  /// Whether each voice runs a 2-pole resonant low-pass filter.
  public var filter: Bool
  /// Stereo (true) or mono samples.
  public var stereo: Bool
  /// Whether voices play at non-integer pitch ratios near 1.5 (true) or at exactly 1.0.
  public var pitched: Bool
  /// Whether the engine runs its plain C kernels instead of the SIMD ones.
  public var portableKernels: Bool
  /// Whether the sample is kept as 16-bit integers (`SC_SAMPLE_INT16`) instead of floats.
  public var int16Samples: Bool

  /// Creates a configuration; the defaults are the headline case (stereo, pitched, SIMD).
  public init(
    interpolation: Interpolation, filter: Bool = false, stereo: Bool = true,
    pitched: Bool = true, portableKernels: Bool = false, int16Samples: Bool = false
  ) {
    self.interpolation = interpolation
    self.filter = filter
    self.stereo = stereo
    self.pitched = pitched
    self.portableKernels = portableKernels
    self.int16Samples = int16Samples
  }

  /// An identifier-like name such as `hermite_stereo_filter_ratio1.5`.
  public var name: String {
    var parts = [interpolation.rawValue, stereo ? "stereo" : "mono"]
    if filter { parts.append("filter") }
    parts.append(pitched ? "ratio1.5" : "ratio1")
    if portableKernels { parts.append("portable") }
    if int16Samples { parts.append("int16") }
    return parts.joined(separator: "_")
  }

  /// Every combination of quality, filter, channels and ratio, with the SIMD kernels and float
  /// samples.
  public static var matrix: [RenderConfiguration] {
    Interpolation.allCases.flatMap { interpolation in
      [false, true].flatMap { filter in
        [true, false].flatMap { stereo in
          [true, false].map { pitched in
            RenderConfiguration(
              interpolation: interpolation, filter: filter, stereo: stereo, pitched: pitched)
          }
        }
      }
    }
  }

  /// The voice counts every configuration is measured at.
  public static let voiceCounts = [1, 16, 64, 256, 1024]
}
