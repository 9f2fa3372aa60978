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
    Self.resize(&output, to: 2 * count)
    output.withUnsafeMutableBufferPointer { out in
      for frame in 0..<count {
        out[2 * frame] = quantize(left[frame], fullScale: fullScale)
        out[2 * frame + 1] = quantize(right[frame], fullScale: fullScale)
      }
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
    // Half away from zero, with neither a call into the maths library nor a branch per sample:
    // the truncation and its remainder (in (-1, 1)) are exact, and so is twice the remainder,
    // which truncates to the step of 1 away from zero a remainder of at least one half needs.
    let truncated = Int64(scaled)
    let remainder = scaled - Double(truncated)
    let quantized = truncated + Int64(remainder * 2)
    let limit = Int64(fullScale)
    return Int32(min(max(quantized, -limit - 1), limit)) << shift
  }

  /// Interleaves floats as they are: float files keep values above full scale.
  func interleave(
    left: UnsafePointer<Float>, right: UnsafePointer<Float>, count: Int,
    into output: inout [Float]
  ) {
    Self.resize(&output, to: 2 * count)
    output.withUnsafeMutableBufferPointer { out in
      for frame in 0..<count {
        out[2 * frame] = left[frame]
        out[2 * frame + 1] = right[frame]
      }
    }
  }

  /// Makes `buffer` `count` values long, keeping its storage when it is large enough.
  private static func resize<Value: Numeric>(_ buffer: inout [Value], to count: Int) {
    if buffer.count > count {
      buffer.removeLast(buffer.count - count)
    } else if buffer.count < count {
      buffer.append(contentsOf: repeatElement(0, count: count - buffer.count))
    }
  }
}
