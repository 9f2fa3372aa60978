extension SampleDecoder {
  /// Wraps caller-supplied float samples (kept as floats), after checking that the sizes agree.
  ///
  /// - Parameters:
  ///   - data: `channelCount * sampleCount` values: interleaved (L R L R) or planar (all L, then
  ///     all R).
  ///   - sampleCount: frames per channel.
  ///   - name: how errors and notes refer to this data.
  ///
  /// More than two channels keep the first two, as with files. Values the engine cannot mix (NaN,
  /// infinity, magnitudes past `SampleValueCheck.largestMagnitude`) are rejected.
  static func fromRaw(
    data: [Float], channelCount: Int, isInterleaved: Bool, sampleCount: Int,
    sampleRate: Double, name: String = "raw sample data"
  ) throws(SampleDecodingError) -> DecodedAudio {
    guard channelCount > 0 else {
      throw .invalidRawData(path: name, detail: "channel count \(channelCount)")
    }
    guard sampleCount > 0 else {
      throw .invalidRawData(path: name, detail: "sample count \(sampleCount)")
    }
    guard sampleRate.isFinite, sampleRate > 0 else {
      throw .invalidRawData(path: name, detail: "sample rate \(sampleRate)")
    }
    let (needed, overflow) = channelCount.multipliedReportingOverflow(by: sampleCount)
    guard !overflow, data.count == needed else {
      throw .invalidRawData(
        path: name,
        detail: "\(data.count) values given; \(channelCount) channels × \(sampleCount) frames "
          + "need \(channelCount &* sampleCount)")
    }
    if let bad = data.withUnsafeBufferPointer(SampleValueCheck.firstUnplayable) {
      throw .invalidRawData(path: name, detail: "value \(bad.value) at index \(bad.index)")
    }
    let kept = min(channelCount, SampleDecoder.maximumChannels)
    let channels: [[Float]] = (0..<kept).map { channel in
      if isInterleaved {
        return (0..<sampleCount).map { data[$0 * channelCount + channel] }
      }
      return Array(data[channel * sampleCount..<(channel + 1) * sampleCount])
    }
    var notes: [String] = []
    if channelCount > kept {
      notes.append("data has \(channelCount) channels; kept the first \(kept)")
    }
    return DecodedAudio(
      samples: .float32(channels), sampleRate: sampleRate, frameCount: sampleCount, notes: notes)
  }
}
