/// How decoded sample values are kept in memory, and so handed to the engine.
///
/// 16-bit (and narrower) integer sources stay 16-bit integers, half the memory of floats; the
/// engine widens them as `Float(x) / 32768`, exactly the float a decoder makes of the same PCM,
/// so both render the same audio. Float sources and integers wider than 16 bits stay float.
enum SampleFormat: Sendable, Equatable {
  /// 32-bit float, full scale 1.0.
  case float32
  /// 16-bit signed integer, full scale 32768.
  case int16

  /// Bytes one value of one channel takes.
  var bytesPerSample: Int {
    switch self {
    case .float32: return MemoryLayout<Float>.size
    case .int16: return MemoryLayout<Int16>.size
    }
  }
}

/// Planar sample values in their storage format: one array per kept channel (one or two), all the
/// same length. A value type: copies share storage until one is changed.
///
/// ```swift
/// switch audio.samples {
/// case .float32(let channels): print("float, \(channels.count) channels")
/// case .int16(let channels): print("16-bit, \(channels.count) channels")
/// }
/// ```
enum SampleStorage: Sendable, Equatable {
  /// Floats, full scale 1.0.
  case float32([[Float]])
  /// 16-bit integers, full scale 32768.
  case int16([[Int16]])

  /// The format the values are kept in.
  var format: SampleFormat {
    switch self {
    case .float32: return .float32
    case .int16: return .int16
    }
  }

  /// Channels kept (0 once the frames are dropped, else 1 or 2).
  var channelCount: Int {
    switch self {
    case .float32(let channels): return channels.count
    case .int16(let channels): return channels.count
    }
  }

  /// Bytes the values take in memory.
  var byteCount: Int {
    switch self {
    case .float32(let channels): return channels.reduce(0) { $0 + $1.count } * 4
    case .int16(let channels): return channels.reduce(0) { $0 + $1.count } * 2
    }
  }

  /// The values as floats (16-bit integers scaled by 1/32768, as the engine reads them): a new
  /// copy of every value, for checks and tests rather than for loading.
  var floatChannels: [[Float]] {
    switch self {
    case .float32(let channels): return channels
    case .int16(let channels):
      return channels.map { channel in channel.map { Float($0) * (1 / 32_768) } }
    }
  }

  /// No channels, in the same format.
  var withoutValues: SampleStorage {
    switch self {
    case .float32: return .float32([])
    case .int16: return .int16([])
    }
  }

  /// Every channel backwards.
  func reversed() -> SampleStorage {
    switch self {
    case .float32(let channels): return .float32(channels.map { Array($0.reversed()) })
    case .int16(let channels): return .int16(channels.map { Array($0.reversed()) })
    }
  }

  /// Calls `body` with the format and one base address per channel (planar), valid only inside
  /// `body`. Every channel must hold at least one value.
  func withChannelPointers<R>(
    _ body: (SampleFormat, UnsafeBufferPointer<UnsafeRawPointer?>) -> R
  ) -> R {
    switch self {
    case .float32(let channels): return Self.withPointers(channels) { body(.float32, $0) }
    case .int16(let channels): return Self.withPointers(channels) { body(.int16, $0) }
    }
  }

  private static func withPointers<Value, R>(
    _ channels: [[Value]], _ body: (UnsafeBufferPointer<UnsafeRawPointer?>) -> R
  ) -> R {
    guard let first = channels.first else {
      return [UnsafeRawPointer?]().withUnsafeBufferPointer(body)
    }
    return first.withUnsafeBufferPointer { left in
      guard channels.count > 1 else {
        return [UnsafeRawPointer(left.baseAddress)].withUnsafeBufferPointer(body)
      }
      return channels[1].withUnsafeBufferPointer { right in
        [UnsafeRawPointer(left.baseAddress), UnsafeRawPointer(right.baseAddress)]
          .withUnsafeBufferPointer(body)
      }
    }
  }
}
