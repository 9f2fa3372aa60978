import Foundation

/// What the effects add to a song: the same song rendered with and without them by one
/// renderer (each renders the same samples every time, so the difference of the two renders is
/// the effects' returns alone), measured as a listener would compare them.
struct WetDry {
  /// Energy of the returns against the dry song, in dB over the whole render.
  let wetToDryDB: Double
  /// Seconds from the start to the last 50 ms window where the dry render is above -60 dB of
  /// its own loudest window: where the notes have ended.
  let dryEnd: Double
  /// Level of the wet render's tail after `dryEnd`, in dB of the loudest window: the first
  /// window and one second later.
  let tailStartDB: Double
  let tailAfterOneSecondDB: Double
  /// The tail's decay, extrapolated to 60 dB from its fall from 5 dB to 25 dB below its start
  /// (the T20 of ISO 3382): what the tail's reverberation time sounds like.
  let tailRT60: Double?
  /// Seconds the wet render runs on after `dryEnd`, to its end.
  let tailLength: Double

  static let window = 0.05

  init(wet: WAVFile, dry: WAVFile) {
    let channels = wet.channelCount
    let frames = min(wet.frameCount, dry.frameCount)
    var wetEnergy = 0.0, dryEnergy = 0.0
    for i in 0..<(wet.frameCount * channels) {
      wetEnergy += Double(wet.samples[i] * wet.samples[i])
    }
    for i in 0..<(frames * channels) { dryEnergy += Double(dry.samples[i] * dry.samples[i]) }
    wetToDryDB = 10 * log10(max(wetEnergy - dryEnergy, 1e-30) / max(dryEnergy, 1e-30))
    let dryWindows = Self.windowDB(dry)
    let wetWindows = Self.windowDB(wet)
    let loudest = dryWindows.max() ?? 0
    let last = dryWindows.lastIndex { $0 > loudest - 60 } ?? 0
    dryEnd = Double(last + 1) * Self.window
    let tail = Array(wetWindows.dropFirst(last + 1)).map { $0 - loudest }
    tailStartDB = tail.first ?? -.infinity
    let oneSecond = Int(1 / Self.window)
    tailAfterOneSecondDB = tail.count > oneSecond ? tail[oneSecond] : -.infinity
    tailLength = Double(wet.frameCount) / wet.sampleRate - dryEnd
    tailRT60 = Self.t20(tail)
  }

  /// Each 50 ms window's RMS over its channels, in dB.
  static func windowDB(_ file: WAVFile) -> [Double] {
    let size = Int(window * file.sampleRate) * file.channelCount
    return stride(from: 0, to: file.samples.count - size + 1, by: size).map { start in
      var sum = 0.0
      for i in start..<(start + size) { sum += Double(file.samples[i]) * Double(file.samples[i]) }
      return 10 * log10(max(sum / Double(size), 1e-30))
    }
  }

  /// Seconds per 60 dB of a least-squares line through the windows from 5 to 25 dB under the
  /// first; nil when the tail never falls that far.
  static func t20(_ levels: [Double]) -> Double? {
    guard let start = levels.first,
      let from = levels.firstIndex(where: { $0 <= start - 5 }),
      let to = levels.firstIndex(where: { $0 <= start - 25 }), to > from + 2
    else { return nil }
    let points = (from...to).map { (Double($0) * window, levels[$0]) }
    let n = Double(points.count)
    let mx = points.map(\.0).reduce(0, +) / n
    let my = points.map(\.1).reduce(0, +) / n
    let sxy = points.map { ($0.0 - mx) * ($0.1 - my) }.reduce(0, +)
    let sxx = points.map { ($0.0 - mx) * ($0.0 - mx) }.reduce(0, +)
    let slope = sxy / sxx
    return slope < 0 ? -60 / slope : nil
  }
}
