import Foundation
import Testing

/// What the reverb's and the chorus's block tests share: a sound to send, and the check that
/// calls of 1024, 100 and 37 frames give the same bytes, dry and with the effect.
enum EffectBlockSizes {
  /// A 50 ms tone with a slow swell, sent into the effect.
  static let burst: [Float] = (0..<2_400).map { (i: Int) -> Float in
    Float(0.5 * sin(Double(i) * 0.37) * sin(Double(i) * 0.0013))
  }

  /// The block sizes compared with calls of 1024 frames: the last two leave ragged ends for the
  /// vector kernels' 16 and 8 frames.
  static let ragged = [100, 37]

  /// Requires `render(blockSize, send)` without the send to give the same bytes in every block
  /// size, then returns the effect's return in calls of 1024 frames (the first `frames` values
  /// of the render with the send minus the one without), for the caller's own checks, and
  /// expects the render with the send to give the same bytes in every block size too.
  static func effectReturn(
    frames: Int, _ render: (_ blockSize: Int, _ send: Bool) -> [Float]
  ) throws -> [Float] {
    let dry = render(1_024, false)
    for size in ragged {
      let other = firstDifference(render(size, false), dry)
      try #require(other == nil, "the dry mix alone differs at \(other ?? 0) in blocks of \(size)")
    }
    let wet = render(1_024, true)
    for size in ragged {
      let difference = firstDifference(render(size, true), wet)
      #expect(difference == nil, "blocks of \(size) differ at \(difference ?? 0)")
    }
    return zip(wet, dry).prefix(frames).map { $0 - $1 }
  }
}
