import BenchSupport
import SFZSampler

/// The first note after a load, in live mode: the wall time from `play` to the end of the first
/// rendered block with sound in it, the frame at which the sound starts, then `followSeconds`
/// of the same note paced in real time, so its hand-over from the preloaded frames to the disk
/// is part of the test.
enum FirstNoteProbe {
  /// Seconds the note is followed after its onset.
  static let followSeconds = 2.0

  /// Plays `key` at `velocity` on a loaded `sampler` and records `first_note_ms`,
  /// `onset_frame` (frames from the block the note was sent for to its first non-zero output),
  /// and `first_note_underruns` over the following seconds.
  static func measure(
    sampler: Sampler, key: UInt8, velocity: UInt8, blockFrames: Int, into figures: inout Figures
  ) {
    var left = [Float](repeating: 0, count: blockFrames)
    var right = [Float](repeating: 0, count: blockFrames)
    func render() {
      left.withUnsafeMutableBufferPointer { l in
        right.withUnsafeMutableBufferPointer { r in
          sampler.render(frameCount: blockFrames, left: l.baseAddress!, right: r.baseAddress!)
        }
      }
    }
    // The audio thread was running before the note: the instrument is handed over by now.
    for _ in 0..<4 { render() }
    let underrunsBefore = sampler.streamingStatistics.underruns
    let start = ThreadCPUClock.wall()
    sampler.play(noteNumber: key, velocity: velocity)
    var onset: Int?
    for block in 0..<64 {
      render()
      if let frame = (0..<blockFrames).first(where: { left[$0] != 0 || right[$0] != 0 }) {
        figures["first_note_ms"] = (ThreadCPUClock.wall() - start) * 1_000
        onset = block * blockFrames + frame
        break
      }
    }
    guard let onset else { return }
    figures["onset_frame"] = Double(onset)
    var pacer = BlockPacer(blockFrames: blockFrames, sampleRate: sampler.sampleRate)
    let blocks = Int(followSeconds * sampler.sampleRate) / blockFrames
    for _ in 0..<blocks {
      render()
      pacer.finishBlock()
    }
    figures["first_note_underruns"] = Double(
      sampler.streamingStatistics.underruns - underrunsBefore)
  }
}
