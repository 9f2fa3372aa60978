import ArgumentParser

/// The sample format of the output file.
public enum BitDepth: String, CaseIterable, ExpressibleByArgument {
  /// 16-bit integers with TPDF dither.
  case int16 = "16"
  /// 24-bit integers, rounded (their noise floor is far below anything audible, so no dither).
  case int24 = "24"
  /// 32-bit floats, written as rendered (no clipping).
  case float32 = "32f"

  /// Bytes one sample takes in the file.
  var bytesPerSample: Int {
    switch self {
    case .int16: return 2
    case .int24: return 3
    case .float32: return 4
    }
  }

  /// Largest integer value of the format; nil for floats.
  var fullScale: Double? {
    switch self {
    case .int16: return 32_767
    case .int24: return 8_388_607
    case .float32: return nil
    }
  }
}
