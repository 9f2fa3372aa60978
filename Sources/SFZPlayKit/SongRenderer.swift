import SFZSampler
import SongPlayback

/// The numbers a render is set up with.
struct RenderSettings {
  var sampleRate: Int
  var blockSize: Int
  /// Longest ring-out after the last event, in seconds.
  var tailSeconds: Double
}

/// What a finished render measured.
public struct RenderResult {
  /// Frames written.
  public var frames: Int
  /// Largest absolute sample value, before conversion to the file format.
  public var peak: Float
  /// Most voices that sounded at once.
  public var peakVoices: Int
  /// Voices the engine cut because their output was not finite (see `Sampler.silencedVoiceCount`).
  public var silencedVoices: Int
}

/// Renders a scheduled song block by block. Each block holds the events that fall inside it with
/// their offsets, so every event lands on its exact frame whatever the block size.
struct SongRenderer {
  let sampler: Sampler
  let settings: RenderSettings

  /// Renders the song and its tail, handing every block to `output` and the song's progress
  /// (0...1) to `progress`.
  func render(
    _ schedule: [ScheduledEvent],
    progress: (Double) -> Void,
    output: (UnsafePointer<Float>, UnsafePointer<Float>, Int) throws(SFZPlayError) -> Void
  ) throws(SFZPlayError) -> RenderResult {
    let blockSize = settings.blockSize
    let left = UnsafeMutablePointer<Float>.allocate(capacity: blockSize)
    let right = UnsafeMutablePointer<Float>.allocate(capacity: blockSize)
    defer {
      left.deallocate()
      right.deallocate()
    }
    var peak: Float = 0
    var written = 0
    func emit(_ count: Int, events: [SamplerEvent]) throws(SFZPlayError) {
      events.withUnsafeBufferPointer { buffer in
        sampler.render(frameCount: count, events: buffer, left: left, right: right)
      }
      for frame in 0..<count {
        peak = max(peak, abs(left[frame]), abs(right[frame]))
      }
      try output(left, right, count)
      written += count
    }

    // The song runs up to and including the frame of its last event.
    var cursor = EventCursor(schedule)
    let songFrames = cursor.endFrame
    var blockEvents: [SamplerEvent] = []
    while written < songFrames {
      let start = written
      let count = min(blockSize, songFrames - start)
      cursor.events(from: start, frames: count, into: &blockEvents)
      try emit(count, events: blockEvents)
      progress(Double(written) / Double(songFrames))
    }

    let tailFrames = Int((settings.tailSeconds * Double(settings.sampleRate)).rounded())
    var detector = TailDetector(sampleRate: settings.sampleRate)
    var tailWritten = 0
    while tailWritten < tailFrames {
      let count = min(blockSize, tailFrames - tailWritten)
      try emit(count, events: [])
      tailWritten += count
      if detector.isQuiet(left: left, right: right, count: count) || sampler.activeVoices == 0 {
        break
      }
    }
    progress(1)
    return RenderResult(
      frames: written, peak: peak, peakVoices: sampler.peakVoices,
      silencedVoices: sampler.silencedVoiceCount)
  }
}
