/// Sample values the engine can play. NaN and infinity spread through every voice they are mixed
/// with, and finite values near `Float`'s limit overflow to infinity at the first interpolation
/// or gain stage, so both are refused where audio enters: raw buffers and decoded files.
enum SampleValueCheck {
  /// 2^24, about 144 dB above full scale: above the integer scales some writers leave in float
  /// files (up to 24-bit), and far enough below `Float.greatestFiniteMagnitude` (~2^128) that no
  /// gain, filter or voice sum in the engine can reach infinity.
  static let largestMagnitude: Float = 16_777_216

  /// The index and value of the first value that is NaN, infinite or beyond `largestMagnitude`.
  static func firstUnplayable(_ values: UnsafeBufferPointer<Float>) -> (index: Int, value: Float)? {
    guard let base = values.baseAddress else { return nil }
    // A plain pointer loop: it runs over every decoded sample, and stays fast in debug builds.
    for index in 0..<values.count where !(abs(base[index]) <= largestMagnitude) {
      return (index, base[index])
    }
    return nil
  }
}

extension SampleValueCheck {
  /// Throws `readFailed` at the frame of the first unplayable value in an interleaved chunk
  /// that starts at `firstFrame`; integer formats never have one, float files can.
  static func requirePlayable(
    _ chunk: UnsafePointer<Float>, frames: Int, channels: Int, firstFrame: Int, path: String
  ) throws(SampleDecodingError) {
    let values = UnsafeBufferPointer(start: chunk, count: frames * channels)
    guard let bad = firstUnplayable(values) else { return }
    throw .readFailed(
      path: path, frame: firstFrame + bad.index / channels,
      detail: "sample value \(bad.value) is not playable audio (NaN, infinite or beyond "
        + "±\(Int(largestMagnitude)))")
  }
}
