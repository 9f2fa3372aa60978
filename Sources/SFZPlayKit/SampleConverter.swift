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
    let dithered = depth == .int16
    let shift: Int32 = dithered ? 16 : 8
    var clipped = 0
    output.withUnsafeMutableBufferPointer { out in
      // decided once, not per sample: without dither (24-bit) the loop holds no state but the
      // count of clipped samples, and costs a third of what it did as one call per sample
      if dithered {
        for frame in 0..<count {
          let l = Self.clipped(left[frame], counting: &clipped) * fullScale + dither.next()
          out[2 * frame] = Self.quantize(l, fullScale: fullScale, shift: shift)
          let r = Self.clipped(right[frame], counting: &clipped) * fullScale + dither.next()
          out[2 * frame + 1] = Self.quantize(r, fullScale: fullScale, shift: shift)
        }
      } else {
        for frame in 0..<count {
          let l = Self.clipped(left[frame], counting: &clipped)
          let r = Self.clipped(right[frame], counting: &clipped)
          out[2 * frame] = Self.quantize(l * fullScale, fullScale: fullScale, shift: shift)
          out[2 * frame + 1] = Self.quantize(r * fullScale, fullScale: fullScale, shift: shift)
        }
      }
    }
    clippedSamples += clipped
  }

  /// The sample as a Double within [-1, 1], counting it when it was not.
  @inline(__always)
  private static func clipped(_ sample: Float, counting clipped: inout Int) -> Double {
    let value = Double(sample)
    guard value > 1 || value < -1 else { return value }
    clipped += 1
    return min(max(value, -1), 1)
  }

  /// A scaled value to the nearest step, left-justified by `shift` bits.
  @inline(__always)
  private static func quantize(_ scaled: Double, fullScale: Double, shift: Int32) -> Int32 {
    // Half away from zero, with neither a call into the maths library nor a branch per sample:
    // the truncation and its remainder (in (-1, 1)) are exact, and so is twice the remainder,
    // which truncates to the step of 1 away from zero a remainder of at least one half needs.
    // The value is within full scale (plus the dither's 2 steps), so the wrapping operators,
    // which skip the overflow checks, give what the checked ones would.
    let truncated = Int64(scaled)
    let remainder = scaled - Double(truncated)
    let quantized = truncated &+ Int64(remainder * 2)
    let limit = Int64(fullScale)
    return Int32(truncatingIfNeeded: min(max(quantized, -limit &- 1), limit)) &<< shift
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
