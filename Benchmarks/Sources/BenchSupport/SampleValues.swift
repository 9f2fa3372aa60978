import CSamplerCore

/// One sample's planar channels in one of the engine's storage formats.
///
/// ```swift
/// let values = SampleValues.int16(TestSignal.richTone16(frames: 96_000, channels: 2))
/// try engine.install(sampleValues: [values], regions: [region])
/// ```
public enum SampleValues: Sendable {
  /// Floats, full scale 1.0 (`SC_SAMPLE_FLOAT32`).
  case float32([[Float]])
  /// 16-bit integers, full scale 32768 (`SC_SAMPLE_INT16`).
  case int16([[Int16]])

  /// Copies the sample into `instrument`; returns its index, or -1 when the engine refuses it.
  func add(to instrument: OpaquePointer, sampleRate: Double) -> Int32 {
    switch self {
    case .float32(let channels):
      return Self.add(channels, SC_SAMPLE_FLOAT32, to: instrument, sampleRate: sampleRate)
    case .int16(let channels):
      return Self.add(channels, SC_SAMPLE_INT16, to: instrument, sampleRate: sampleRate)
    }
  }

  private static func add<Value>(
    _ channels: [[Value]], _ format: sc_sample_format, to instrument: OpaquePointer,
    sampleRate: Double
  ) -> Int32 {
    let copies = channels.map { channel -> UnsafeMutablePointer<Value> in
      let copy = UnsafeMutablePointer<Value>.allocate(capacity: channel.count)
      copy.initialize(from: channel, count: channel.count)
      return copy
    }
    defer { copies.forEach { $0.deallocate() } }
    let pointers: [UnsafeRawPointer?] = copies.map { UnsafeRawPointer($0) }
    return pointers.withUnsafeBufferPointer { list in
      var data = sc_sample_data(
        format: format, channels: list.baseAddress, channel_count: UInt32(channels.count),
        frame_count: UInt64(channels.first?.count ?? 0), sample_rate: sampleRate,
        has_loop: false, loop_start: 0, loop_end: 0, resident_frames: 0, stream_key: 0)
      return sc_instrument_add_sample_data(instrument, &data)
    }
  }
}
