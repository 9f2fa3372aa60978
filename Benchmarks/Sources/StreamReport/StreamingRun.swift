import BenchSupport
import Foundation
import SFZSampler

/// Sustained streaming, in a process of its own: the instrument loaded streaming every sample
/// with `preloadFrames` (the goals are for 32,768; the memory budget raised to allow
/// it), the page cache of its files
/// dropped, then about `voices` voices kept
/// sounding for `seconds`, rendered in 256-frame blocks paced in real time as an audio device
/// would ask for them, in live mode (late frames fade a voice and count an underrun).
enum StreamingRun {
  /// Frames per render call.
  static let blockFrames = 256
  /// The output rate.
  static let sampleRate = 48_000.0
  /// Seconds at the start left out of the voice-count figures while the voices build up.
  static let rampSeconds = 2.0

  /// The child's side; `polyphony` must leave room above `voices` for released notes.
  static func run(
    library: BigLibrary, seconds: Double, voices: Int, polyphony: Int, preloadFrames: Int
  ) throws(BenchError) -> Figures {
    var figures = Figures()
    let settings = StreamingSettings(
      mode: .always, preloadFrames: preloadFrames, memoryBudget: LoadProbe.ampleBudget)
    let sampler = Sampler(
      sampleRate: sampleRate, maximumPolyphony: polyphony, streaming: settings)
    PageCache.drop(library.sampleFiles)
    do {
      _ = try sampler.loadInstrument(url: library.sfz)
    } catch {
      throw .file(path: "loadInstrument", reason: "\(error)")
    }
    // Loading read the files' first frames: drop them again, so every stream starts cold.
    PageCache.drop(library.sampleFiles)
    let cached = PageCache.residentBytes(library.sampleFiles)
    figures["preload_frames"] = Double(preloadFrames)
    figures["cached_at_start"] = Double(cached.resident) / Double(max(cached.total, 1))
    figures["streamed_samples"] = Double(sampler.streamingStatistics.streamedSamples)
    figures["realtime_priority"] = RealtimePriority.enterForCallingThread() ? 1 : 0

    let blocks = Int(seconds * sampleRate) / blockFrames
    let rampBlocks = Int(rampSeconds * sampleRate) / blockFrames
    let blocksPerSecond = Int(sampleRate) / blockFrames
    var scheduler = NoteScheduler(
      notes: library.notes, targetVoices: voices, blockFrames: blockFrames,
      sampleRate: sampleRate)
    var events: [SamplerEvent] = []
    events.reserveCapacity(64)
    var renderSeconds = [Double](repeating: 0, count: blocks)
    var renderCPUSeconds = [Double](repeating: 0, count: blocks)
    var left = [Float](repeating: 0, count: blockFrames)
    var right = [Float](repeating: 0, count: blockFrames)
    var voiceCounts = (sum: 0, minimum: Int.max, maximum: 0, pastPreload: 0)
    var activeVoices = 0

    let before = sampler.streamingStatistics
    let threadCPUStart = ThreadCPUClock.now()
    let usageStart = ThreadUsage.now()
    var renderFaults = 0
    var faultingBlocks = 0
    let processCPUStart = RunTimeline.processCPUSeconds()
    var timeline = RunTimeline(sampler: sampler)
    var pacer = BlockPacer(blockFrames: blockFrames, sampleRate: sampleRate)
    for block in 0..<blocks {
      scheduler.events(block: block, activeVoices: activeVoices, into: &events)
      let faultsBefore = ThreadUsage.now().pageFaults
      let start = ThreadCPUClock.wall()
      let startCPU = ThreadCPUClock.now()
      events.withUnsafeBufferPointer { list in
        left.withUnsafeMutableBufferPointer { l in
          right.withUnsafeMutableBufferPointer { r in
            sampler.render(
              frameCount: blockFrames, events: list, left: l.baseAddress!, right: r.baseAddress!)
          }
        }
      }
      renderSeconds[block] = ThreadCPUClock.wall() - start
      renderCPUSeconds[block] = ThreadCPUClock.now() - startCPU
      let faults = ThreadUsage.now().pageFaults - faultsBefore
      renderFaults += faults
      faultingBlocks += faults > 0 ? 1 : 0
      activeVoices = sampler.activeVoices
      if block >= rampBlocks {
        voiceCounts.sum += activeVoices
        voiceCounts.minimum = min(voiceCounts.minimum, activeVoices)
        voiceCounts.maximum = max(voiceCounts.maximum, activeVoices)
        voiceCounts.pastPreload += scheduler.notesPastPreload(
          block: block, preloadFrames: settings.preloadFrames)
      }
      if (block + 1) % blocksPerSecond == 0 {
        timeline.mark(sampler, lateBlocks: pacer.lateBlocks)
      }
      pacer.finishBlock()
    }
    let elapsed = ThreadCPUClock.wall() - pacer.start
    let after = sampler.streamingStatistics

    figures["seconds"] = elapsed
    figures["underruns"] = Double(after.underruns - before.underruns)
    figures["read_failures"] = Double(after.readFailures - before.readFailures)
    figures["reader_cpu_share"] = (after.readerCPUSeconds - before.readerCPUSeconds) / elapsed
    figures["reader_priority_raised"] = after.readerPriorityRaised ? 1 : 0
    figures["render_preemptions"] = Double(
      ThreadUsage.now().involuntarySwitches - usageStart.involuntarySwitches)
    figures["render_page_faults"] = Double(renderFaults)
    figures["render_faulting_blocks"] = Double(faultingBlocks)
    figures["render_thread_cpu_share"] = (ThreadCPUClock.now() - threadCPUStart) / elapsed
    figures["process_cpu_share"] = (RunTimeline.processCPUSeconds() - processCPUStart) / elapsed
    let times = Percentiles(renderSeconds)
    figures["render_p50_ms"] = times.at(0.5) * 1_000
    figures["render_p99_ms"] = times.at(0.99) * 1_000
    figures["render_p999_ms"] = times.at(0.999) * 1_000
    figures["render_max_ms"] = times.maximum * 1_000
    let cpuTimes = Percentiles(renderCPUSeconds)
    figures["render_cpu_p999_ms"] = cpuTimes.at(0.999) * 1_000
    figures["render_cpu_max_ms"] = cpuTimes.maximum * 1_000
    figures["late_blocks"] = Double(pacer.lateBlocks)
    figures["blocks"] = Double(blocks)
    let counted = Double(max(blocks - rampBlocks, 1))
    figures["voices_mean"] = Double(voiceCounts.sum) / counted
    figures["voices_min"] = Double(voiceCounts.minimum == Int.max ? 0 : voiceCounts.minimum)
    figures["voices_max"] = Double(voiceCounts.maximum)
    figures["notes_past_preload_mean"] = Double(voiceCounts.pastPreload) / counted
    figures["peak_voices"] = Double(sampler.peakVoices)
    figures["notes_started"] = Double(scheduler.notesStarted)
    figures["regions_played"] = Double(scheduler.regionsPlayed)
    figures["regions"] = Double(library.notes.count)
    timeline.record(into: &figures)
    figures["resident_sample_bytes"] = Double(after.residentSampleBytes)
    withExtendedLifetime(sampler) {}
    return figures
  }
}
