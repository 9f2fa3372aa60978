import CEBUR128
import Foundation

/// A stereo signal's sample peak, true peak and integrated loudness, measured block by block
/// with libebur128 (ITU-R BS.1770-4: K-weighting, 400 ms blocks gated at -70 LUFS and 10 LU
/// below; true peak 4x oversampled).
final class LoudnessMeter {
  private var state: UnsafeMutablePointer<ebur128_state>?
  private var interleaved: [Float] = []

  init(sampleRate: Int) {
    let mode = Int32(EBUR128_MODE_I.rawValue | EBUR128_MODE_TRUE_PEAK.rawValue)
    state = ebur128_init(2, UInt(sampleRate), mode)
  }

  deinit { ebur128_destroy(&state) }

  /// Adds `count` frames.
  func add(left: UnsafePointer<Float>, right: UnsafePointer<Float>, count: Int) {
    guard let state, count > 0 else { return }
    if interleaved.count < 2 * count { interleaved = [Float](repeating: 0, count: 2 * count) }
    for frame in 0..<count {
      interleaved[2 * frame] = left[frame]
      interleaved[2 * frame + 1] = right[frame]
    }
    ebur128_add_frames_float(state, interleaved, count)
  }

  /// The measured value in the target's unit (dBFS, dBTP or LUFS); nil for silence.
  func value(of measure: Normalization.Measure) -> Double? {
    guard let state else { return nil }
    var result = 0.0
    switch measure {
    case .loudness:
      guard ebur128_loudness_global(state, &result) == 0, result.isFinite else { return nil }
      return result
    case .truePeak, .samplePeak:
      var peak = 0.0
      for channel in UInt32(0)..<2 {
        var value = 0.0
        let status =
          measure == .truePeak
          ? ebur128_true_peak(state, channel, &value) : ebur128_sample_peak(state, channel, &value)
        if status == 0 { peak = max(peak, value) }
      }
      return peak > 0 ? 20 * log10(peak) : nil
    }
  }
}
