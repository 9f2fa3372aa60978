import SFZSampler
import SongPlayback

extension RenderJob {
  /// Renders the song and its tail into `writer` and measures the peak. The tail ends at
  /// `--tail` seconds, or earlier once the output has stayed quiet or no voice sounds.
  func play(
    _ schedule: [ScheduledEvent], on sampler: Sampler, renderer: OfflineRenderer?,
    into writer: AudioFileWriter, progress: inout ProgressBar
  ) throws(SFZPlayError) -> RenderResult {
    let tailFrames = Int((settings.tailSeconds * Double(settings.sampleRate)).rounded())
    var tail = TailDetector(sampleRate: settings.sampleRate)
    var peak: Float = 0
    let songRenderer = SongRenderer(
      sampler: sampler, blockSize: settings.blockSize, renderer: renderer)
    let frames = try songRenderer.render(
      schedule, tailFrames: tailFrames
    ) { (block) throws(SFZPlayError) -> Bool in
      peak = max(peak, Levels.peak(block.left), Levels.peak(block.right))
      try writer.write(
        left: block.left.baseAddress!, right: block.right.baseAddress!, count: block.frames)
      return tail.goesOn(after: block, progress: &progress)
    }
    progress.update(1)
    return RenderResult(
      frames: frames, peak: peak, peakVoices: sampler.peakVoices,
      silencedVoices: sampler.silencedVoiceCount, streaming: sampler.streamingStatistics)
  }
}
