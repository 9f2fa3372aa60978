import BenchSupport
import CSamplerCore
import Foundation

/// The SNR of a 1 kHz sine sample played 7 semitones up and 12 down through the engine, per
/// quality, next to the same textbook interpolator computed here in double precision.
struct InterpolationQualityTest {
  let interpolation: Interpolation
  let semitones: Int
  /// SNR of a sine fitted at the expected frequency.
  let snrAtExpectedPitch: Double
  /// SNR of a sine fitted at the best frequency (pitch error excluded).
  let snr: Double
  /// Pitch error of the engine, in cents.
  let centsOff: Double
  /// The textbook interpolator's SNR on the same input and ratio (nil for sinc).
  let reference: Double?

  static let sampleRate = 48_000.0
  static let toneFrequency = 1_000.0
  static let skipFrames = 960  // 20 ms: past any start-of-voice ramp
  static let windowFrames = 16_384

  static func run(_ interpolation: Interpolation, semitones: Int) throws(BenchError) -> Self {
    let frames = 48_000  // 1,000 whole periods, so the loop is seamless
    let sine = TestSignal.sine(frequency: toneFrequency, frames: frames, sampleRate: sampleRate)
    let engine = try CoreEngine(blockFrames: 256, maxVoices: 4, quality: interpolation)
    var region = sc_region()
    sc_region_init(&region)
    region.loop_mode = SC_LOOP_CONTINUOUS
    region.loop_start = 0
    region.loop_end = UInt64(frames - 1)
    region.pitch_keycenter = 60
    region.pan = -100  // all of it on the left channel
    try engine.install(samples: [[sine]], regions: [region])
    engine.render(events: [CoreEngine.noteOn(key: 60 + semitones, velocity: 127)])
    var output: [Double] = []
    output.append(contentsOf: (0..<256).map { Double(engine.left[$0]) })
    while output.count < skipFrames + windowFrames {
      engine.render()
      output.append(contentsOf: (0..<256).map { Double(engine.left[$0]) })
    }
    let window = output[skipFrames..<(skipFrames + windowFrames)]
    let ratio = pow(2, Double(semitones) / 12)
    let expected = toneFrequency * ratio
    let exact = SineFit(window, frequency: expected, sampleRate: sampleRate)
    let best = SineFit(window, near: expected, range: 1, sampleRate: sampleRate)
    return Self(
      interpolation: interpolation, semitones: semitones, snrAtExpectedPitch: exact.snr,
      snr: best.snr, centsOff: 1_200 * log2(best.frequency / expected),
      reference: textbook(interpolation, input: sine, ratio: ratio, expected: expected))
  }

  /// The textbook interpolator in double precision over the same sine and ratio.
  private static func textbook(
    _ interpolation: Interpolation, input: [Float], ratio: Double, expected: Double
  ) -> Double? {
    let x = input.map(Double.init)
    let count = x.count
    func at(_ index: Int) -> Double { x[((index % count) + count) % count] }
    let read: (Double) -> Double
    switch interpolation {
    case .linear:
      read = { position in
        let i = Int(position.rounded(.down))
        let t = position - Double(i)
        return at(i) + t * (at(i + 1) - at(i))
      }
    case .hermite:
      // Catmull-Rom: the 4-point, 3rd-order Hermite through the two middle points.
      read = { position in
        let i = Int(position.rounded(.down))
        let t = position - Double(i)
        let (p0, p1, p2, p3) = (at(i - 1), at(i), at(i + 1), at(i + 2))
        let c1 = (p2 - p0) / 2
        let c2 = p0 - 2.5 * p1 + 2 * p2 - p3 / 2
        let c3 = (p3 - p0) / 2 + 1.5 * (p1 - p2)
        return ((c3 * t + c2) * t + c1) * t + p1
      }
    case .sinc:
      return nil
    }
    let signal = (skipFrames..<(skipFrames + windowFrames)).map { read(Double($0) * ratio) }
    return SineFit(signal[...], frequency: expected, sampleRate: sampleRate).snr
  }
}
