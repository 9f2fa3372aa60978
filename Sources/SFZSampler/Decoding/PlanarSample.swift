/// A type decoded channels are kept in (`Float` or `Int16`), with the two loops every decoded
/// value passes through: picking one channel out of interleaved frames, and silencing values the
/// engine cannot play. Whole-file decoding (`PlanarBuilder`) and streaming
/// (`SampleStreamDecoder`) both use them, so both produce the same values.
///
/// The loops are written per type, with plain pointers, so they stay fast in debug builds where
/// generic code is not specialised.
protocol PlanarSample: BitwiseCopyable, Sendable {
  /// The storage of planar channels of this type.
  static func storage(_ channels: [[Self]]) -> SampleStorage

  /// Copies channel `channel` of `frames` interleaved frames of `sourceStride` values each to
  /// `target`, one value every `targetStride` values.
  static func copyChannel(
    _ channel: Int, of source: UnsafePointer<Self>, sourceStride: Int, frames: Int,
    to target: UnsafeMutablePointer<Self>, targetStride: Int)

  /// Replaces the values the engine cannot play (NaN, infinity, beyond
  /// `SampleValueCheck.largestMagnitude`) among `count` values with 0; returns how many there were.
  static func silenceUnplayable(_ values: UnsafeMutablePointer<Self>, count: Int) -> Int
}

extension Float: PlanarSample {
  static func storage(_ channels: [[Float]]) -> SampleStorage { .float32(channels) }

  static func copyChannel(
    _ channel: Int, of source: UnsafePointer<Float>, sourceStride: Int, frames: Int,
    to target: UnsafeMutablePointer<Float>, targetStride: Int
  ) {
    if sourceStride == 1, targetStride == 1 {
      target.update(from: source, count: frames)
      return
    }
    var input = source + channel
    var output = target
    for _ in 0..<frames {
      output.pointee = input.pointee
      input += sourceStride
      output += targetStride
    }
  }

  static func silenceUnplayable(_ values: UnsafeMutablePointer<Float>, count: Int) -> Int {
    var silenced = 0
    for index in 0..<count where !SampleValueCheck.isPlayable(values[index]) {
      values[index] = 0
      silenced += 1
    }
    return silenced
  }
}

extension Int16: PlanarSample {
  static func storage(_ channels: [[Int16]]) -> SampleStorage { .int16(channels) }

  static func copyChannel(
    _ channel: Int, of source: UnsafePointer<Int16>, sourceStride: Int, frames: Int,
    to target: UnsafeMutablePointer<Int16>, targetStride: Int
  ) {
    if sourceStride == 1, targetStride == 1 {
      target.update(from: source, count: frames)
      return
    }
    var input = source + channel
    var output = target
    for _ in 0..<frames {
      output.pointee = input.pointee
      input += sourceStride
      output += targetStride
    }
  }

  /// Every 16-bit value is playable.
  static func silenceUnplayable(_ values: UnsafeMutablePointer<Int16>, count: Int) -> Int { 0 }
}
