import Foundation

/// What a finished render measured, and the lines sfzplay prints about it.
public struct RenderSummary {
  /// Frames, peak and voices.
  public var result: RenderResult
  /// The output's sample rate.
  public var sampleRate: Int
  /// Seconds the render took on the clock.
  public var wallSeconds: Double
  /// Threads that rendered.
  public var threads: Int
  /// CPU seconds the rendering threads spent working (the calling thread's whole time in the
  /// render, with writing the file, and the workers', less the time they spent waiting for one
  /// another): what one thread would have needed, near enough.
  public var cpuSeconds: Double
  /// CPU seconds of the calling thread, which is busy from the render's start to its end
  /// (rendering, waiting for the workers, converting, writing): the render's duration without
  /// the time the system gave other processes.
  public var callingThreadCPUSeconds: Double
  /// The output file as it was given.
  public var outputPath: String
  /// The output's sample format.
  public var depth: BitDepth
  /// Samples clipped to full scale while converting to integers.
  public var clippedSamples: Int
  /// The stems written (`--stems`), each as the folder was given and the file's name.
  public var stemFiles: [String] = []

  /// Duration, peak, voices, speed and where the file went, on one line.
  public var line: String {
    let seconds = Double(result.frames) / Double(sampleRate)
    let speed =
      wallSeconds > 0 ? String(format: "%.1fx real time", seconds / wallSeconds) : "instant"
    return String(format: "rendered %.2f s", seconds) + ", peak \(Levels.dBFS(result.peak))"
      + ", \(result.peakVoices) voice\(result.peakVoices == 1 ? "" : "s") at most"
      + streamedPart + ", \(speed)" + threadsPart + " -> \(outputPath)"
  }

  /// The speed-up over one thread, estimated as the threads' working CPU time over the calling
  /// thread's CPU time: the threads share out the work one thread would have done, and the
  /// calling thread's CPU time is the render's duration (not the wall clock, which on a busy
  /// machine also counts other processes' turns and would make the render look slower than one
  /// thread). Sharing makes some of the work dearer (caches), so this runs a few percent above
  /// the speed-up measured against a one-thread render.
  public var speedUp: Double {
    callingThreadCPUSeconds > 0 ? cpuSeconds / callingThreadCPUSeconds : 1
  }

  private var threadsPart: String {
    guard threads > 1 else { return " on 1 thread" }
    return " on \(threads) threads (" + String(format: "%.2fx", speedUp)
      + " the speed of one, estimated from CPU time)"
  }

  private var streamedPart: String {
    let streamed = result.streaming.streamedSamples
    guard streamed > 0 else { return "" }
    return ", \(streamed) sample\(streamed == 1 ? "" : "s") streamed from disk"
  }

  /// A warning when streamed samples could not be read to the end; nil when all were.
  public var streamingWarning: String? {
    let failures = result.streaming.readFailures
    guard failures > 0 else { return nil }
    return "warning: \(failures) stream(s) could not read their sample file (moved, deleted or "
      + "damaged after loading); those notes were cut short"
  }

  /// A warning when the engine cut voices whose output was not finite; nil when it cut none.
  public var silencedWarning: String? {
    guard result.silencedVoices > 0 else { return nil }
    return "warning: \(result.silencedVoices) voice(s) produced NaN, infinite or absurd values"
      + " and were silenced (an unstable filter or modulation in the instrument)"
  }

  /// A warning when the output went past full scale; nil when it did not.
  public var clippingWarning: String? {
    guard result.peak > 1 else { return nil }
    if depth == .float32 {
      return "warning: the output peaks at \(Levels.dBFS(result.peak)), above full scale"
        + " (kept in the float file; lower --gain for integer formats)"
    }
    return "warning: \(clippedSamples) samples clipped (peak \(Levels.dBFS(result.peak)));"
      + " lower --gain"
  }
}
