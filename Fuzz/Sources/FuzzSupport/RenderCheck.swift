import SFZSampler

/// Plays a few notes through a loaded sampler and stops the run on any non-finite output, which
/// would be a NaN or infinity reaching the host's speakers.
public enum RenderCheck {
  static let blockFrames = 256

  /// Renders `blocks` blocks with `notes` held, then two more after releasing them.
  public static func play(_ sampler: Sampler, notes: [(key: UInt8, velocity: UInt8)], blocks: Int) {
    let left = UnsafeMutablePointer<Float>.allocate(capacity: blockFrames)
    let right = UnsafeMutablePointer<Float>.allocate(capacity: blockFrames)
    defer {
      left.deallocate()
      right.deallocate()
    }
    for note in notes { sampler.play(noteNumber: note.key, velocity: note.velocity) }
    for block in 0..<blocks + 2 {
      if block == blocks {
        for note in notes { sampler.stop(noteNumber: note.key) }
      }
      sampler.render(frameCount: blockFrames, left: left, right: right)
      for frame in 0..<blockFrames where !left[frame].isFinite || !right[frame].isFinite {
        fatalError("non-finite output at block \(block), frame \(frame)")
      }
    }
  }
}
