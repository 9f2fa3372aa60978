import Foundation

/// The lines printed when a render has finished.
struct RenderSummary {
  var result: RenderResult
  var sampleRate: Int
  var wallSeconds: Double
  var outputPath: String
  var depth: BitDepth
  var clippedSamples: Int

  /// Duration, peak, voices, speed and where the file went, on one line.
  var line: String {
    let seconds = Double(result.frames) / Double(sampleRate)
    let speed =
      wallSeconds > 0 ? String(format: "%.1fx real time", seconds / wallSeconds) : "instant"
    return String(format: "rendered %.2f s", seconds) + ", peak \(Levels.dBFS(result.peak))"
      + ", \(result.peakVoices) voice\(result.peakVoices == 1 ? "" : "s") at most"
      + ", \(speed) -> \(outputPath)"
  }

  /// A warning when the engine cut voices whose output was not finite; nil when it cut none.
  var silencedWarning: String? {
    guard result.silencedVoices > 0 else { return nil }
    return "warning: \(result.silencedVoices) voice(s) produced NaN, infinite or absurd values"
      + " and were silenced (an unstable filter or modulation in the instrument)"
  }

  /// A warning when the output went past full scale; nil when it did not.
  var clippingWarning: String? {
    guard result.peak > 1 else { return nil }
    if depth == .float32 {
      return "warning: the output peaks at \(Levels.dBFS(result.peak)), above full scale"
        + " (kept in the float file; lower --gain for integer formats)"
    }
    return "warning: \(clippedSamples) samples clipped (peak \(Levels.dBFS(result.peak)));"
      + " lower --gain"
  }
}
