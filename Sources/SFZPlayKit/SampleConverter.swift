/// Turns rendered float blocks into the interleaved samples libsndfile writes: clipped to
/// [-1, 1], scaled to the integer format (16-bit with TPDF dither) and left-justified in 32 bits,
/// which is how `sf_writef_int` expects every integer format.
struct SampleConverter {
  let depth: BitDepth
  /// Samples outside [-1, 1] that were clipped (integer formats only).
  private(set) var clippedSamples = 0
  private var dither = TPDFDither()

  init(depth: BitDepth) {
    self.depth = depth
  }

  /// Converts `count` frames of `left`/`right` into `output` (interleaved, 2 * count values).
  mutating func convert(
    left: UnsafePointer<Float>, right: UnsafePointer<Float>, count: Int,
    into output: inout [Int32]
  ) {
    guard let fullScale = depth.fullScale else { return }
    output.removeAll(keepingCapacity: true)
    for frame in 0..<count {
      output.append(quantize(left[frame], fullScale: fullScale))
      output.append(quantize(right[frame], fullScale: fullScale))
    }
  }

  private mutating func quantize(_ sample: Float, fullScale: Double) -> Int32 {
    var value = Double(sample)
    if value > 1 || value < -1 {
      clippedSamples += 1
      value = min(max(value, -1), 1)
    }
    var scaled = value * fullScale
    let shift: Int32 = depth == .int16 ? 16 : 8
    if depth == .int16 { scaled += dither.next() }
    let quantized = min(max(scaled.rounded(), -fullScale - 1), fullScale)
    return Int32(quantized) << shift
  }

  /// Interleaves floats as they are: float files keep values above full scale.
  func interleave(
    left: UnsafePointer<Float>, right: UnsafePointer<Float>, count: Int,
    into output: inout [Float]
  ) {
    output.removeAll(keepingCapacity: true)
    for frame in 0..<count {
      output.append(left[frame])
      output.append(right[frame])
    }
  }
}
