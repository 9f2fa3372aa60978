import Foundation
import SFZSampler
import SongPlayback

/// What a song render measured: the summary sfzplay prints, and each channel's peak.
struct SongRender {
  var summary: RenderSummary
  /// Each channel's largest absolute value (0 for a silent one), channels 0-15, in the files.
  var channelPeaks: [Float]
  /// With `--normalize`: what was measured (dBFS, dBTP or LUFS) and the gain applied, in dB;
  /// a measurement of nil means silence, which no gain can bring anywhere.
  var normalization: (measured: Double?, gainDecibels: Double)?
}

extension SongJob {
  /// Renders the song and its tail through `ensemble` into the mix and the stems. The tail ends
  /// at `--tail` seconds, or earlier once the mix has stayed quiet or no voice sounds.
  func render(
    _ schedule: [ScheduledEvent], through ensemble: Ensemble, into outputs: SongOutputs,
    label: String, in context: RunContext
  ) throws(SFZPlayError) -> SongRender {
    let tailFrames = Int((settings.tailSeconds * Double(settings.sampleRate)).rounded())
    var tail = TailDetector(sampleRate: settings.sampleRate)
    var peak: Float = 0
    var channelPeaks = [Float](repeating: 0, count: 16)
    var peakVoices = 0
    var progress = ProgressBar(label: label, quiet: isQuiet, draw: context.drawProgress)
    let instruments = ensemble.instruments
    let meter = normalize.map { _ in LoudnessMeter(sampleRate: settings.sampleRate) }
    let renderer: OfflineEnsembleRenderer?
    do {
      renderer =
        threads > 1 ? try OfflineEnsembleRenderer(ensemble: ensemble, threads: threads) : nil
    } catch {
      throw .renderThreads(error)
    }
    let started = ContinuousClock.now
    let startedCPU = ThreadCPUTime.now()
    // the channels' outputs cost a copy each, and their peaks a pass: only when asked for
    let measuresChannels = reportFile != nil
    let frames = try EnsembleSongRenderer(
      ensemble: ensemble, blockSize: settings.blockSize,
      stems: measuresChannels || !outputs.stems.isEmpty || !outputs.returns.isEmpty,
      renderer: renderer
    ).render(schedule, tailFrames: tailFrames) { (block) throws(SFZPlayError) -> Bool in
      peak = max(peak, Levels.peak(block.left), Levels.peak(block.right))
      meter?.add(
        left: block.left.baseAddress!, right: block.right.baseAddress!, count: block.frames)
      for channel in block.soundingChannels.channels where measuresChannels {
        let stemPeak = max(
          Levels.peak(block.stemLeft[channel]), Levels.peak(block.stemRight[channel]))
        if stemPeak > channelPeaks[channel] { channelPeaks[channel] = stemPeak }
      }
      try outputs.mix.write(
        left: block.left.baseAddress!, right: block.right.baseAddress!, count: block.frames)
      for (channel, writer) in outputs.stems {
        try writer.write(
          left: block.stemLeft[channel].baseAddress!, right: block.stemRight[channel].baseAddress!,
          count: block.frames)
      }
      for (bus, writer) in outputs.returns.enumerated() {
        try writer.write(
          left: block.returnLeft[bus].baseAddress!, right: block.returnRight[bus].baseAddress!,
          count: block.frames)
      }
      peakVoices = max(peakVoices, block.activeVoices)
      return tail.goesOn(after: block, progress: &progress)
    }
    progress.update(1)
    progress.finish()
    let callingThreadCPU = ThreadCPUTime.now() - startedCPU
    // waiting for one another costs CPU time but is not work one thread would have done
    let cpuSeconds =
      callingThreadCPU + (renderer?.workerCPUSeconds ?? 0) - (renderer?.waitingSeconds ?? 0)
    let elapsed = ContinuousClock.now - started
    // one gain for the mix and the stems, so they still add up
    var normalization: (measured: Double?, gainDecibels: Double)?
    var gain: Float = 1
    if let normalize, let meter {
      let measured = meter.value(of: normalize.measure)
      let decibels = measured.map { normalize.target - $0 } ?? 0
      normalization = (measured, decibels)
      gain = Levels.linear(decibels: decibels)
      try outputs.finish(gain: gain)
    }
    let result = RenderResult(
      frames: frames, peak: peak * gain, peakVoices: peakVoices,
      silencedVoices: instruments.reduce(0) { $0 + $1.sampler.silencedVoiceCount },
      streaming: StreamingStatistics.sum(instruments.map(\.sampler.streamingStatistics)))
    let summary = RenderSummary(
      result: result, sampleRate: settings.sampleRate,
      wallSeconds: Double(elapsed.components.seconds)
        + Double(elapsed.components.attoseconds) * 1e-18,
      threads: renderer?.threadCount ?? 1, cpuSeconds: cpuSeconds,
      callingThreadCPUSeconds: callingThreadCPU,
      outputPath: output.text, depth: format.depth, clippedSamples: outputs.mixClippedSamples)
    return SongRender(
      summary: summary, channelPeaks: channelPeaks.map { $0 * gain },
      normalization: normalization)
  }
}
