/// Sample values the engine can play. NaN and infinity spread through every voice they are mixed
/// with, and finite values near `Float`'s limit overflow to infinity at the first interpolation
/// or gain stage. Raw buffers holding them are refused (the caller made them); decoded files have
/// them replaced with silence and counted (`PlanarBuilder`), since a file from the wild should
/// still play.
enum SampleValueCheck {
  /// 2^24, about 144 dB above full scale: above the integer scales some writers leave in float
  /// files (up to 24-bit), and far enough below `Float.greatestFiniteMagnitude` (~2^128) that no
  /// gain, filter or voice sum in the engine can reach infinity.
  static let largestMagnitude: Float = 16_777_216

  /// Whether `value` is finite and within `largestMagnitude`.
  static func isPlayable(_ value: Float) -> Bool { abs(value) <= largestMagnitude }

  /// The index and value of the first value that is NaN, infinite or beyond `largestMagnitude`.
  static func firstUnplayable(_ values: UnsafeBufferPointer<Float>) -> (index: Int, value: Float)? {
    guard let base = values.baseAddress else { return nil }
    // A plain pointer loop: it runs over every decoded sample, and stays fast in debug builds.
    for index in 0..<values.count where !isPlayable(base[index]) {
      return (index, base[index])
    }
    return nil
  }
}
