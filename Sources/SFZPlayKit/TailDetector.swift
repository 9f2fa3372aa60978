import SongPlayback

/// Decides when the ring-out after the last event is over: when the output has stayed below
/// -90 dBFS for 100 ms in a row, or no voice sounds any more and no reverb or chorus rings, or
/// the `--tail` limit is reached, whichever comes first.
struct TailDetector {
  /// -90 dBFS as a linear amplitude.
  static let silenceLevel: Float = 0x1p0 / 31_622.776
  /// How long the output must stay below `silenceLevel`, in seconds.
  static let quietSeconds = 0.1

  private let quietFramesNeeded: Int
  private var quietFrames = 0

  init(sampleRate: Int) {
    quietFramesNeeded = Int((Double(sampleRate) * Self.quietSeconds).rounded())
  }

  /// Feeds one rendered block; returns true once the output has stayed quiet long enough.
  mutating func isQuiet(
    left: UnsafePointer<Float>, right: UnsafePointer<Float>, count: Int
  ) -> Bool {
    for frame in 0..<count {
      if abs(left[frame]) < Self.silenceLevel && abs(right[frame]) < Self.silenceLevel {
        quietFrames += 1
      } else {
        quietFrames = 0
      }
    }
    return quietFrames >= quietFramesNeeded
  }

  /// Whether a song render goes on after `block`: through the song, showing its progress, then
  /// until the tail has stayed quiet or nothing sounds (no voice after the block, no effect
  /// ringing).
  mutating func goesOn(after block: RenderedBlock, progress: inout ProgressBar) -> Bool {
    guard block.isTail else {
      progress.update(Double(block.start + block.frames) / Double(block.songFrames))
      return true
    }
    let isQuiet = isQuiet(
      left: block.left.baseAddress!, right: block.right.baseAddress!, count: block.frames)
    return !isQuiet && (block.activeVoices > 0 || block.effectsRinging)
  }
}
