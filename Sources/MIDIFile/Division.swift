/// The time base of a MIDI file, from the last two bytes of its `MThd` header.
public enum Division: Sendable, Equatable {
  /// Metrical time: ticks per quarter note; tempo meta events map quarters to seconds.
  case ticksPerQuarter(Int)
  /// Time-code based time: each tick is `1 / (framesPerSecond * ticksPerFrame)` seconds and tempo
  /// events are ignored. The drop-frame code -29 is read as 30000/1001 (29.97...) frames per
  /// second.
  case smpte(framesPerSecond: Double, ticksPerFrame: Int)
}

extension Division {
  /// The SMPTE "29" code: NTSC drop-frame time code runs at 30000/1001 frames per second.
  static let dropFrameRate = 30_000.0 / 1_001.0

  /// Decodes the `MThd` division field; nil for zero ticks or an unknown SMPTE rate.
  init?(headerValue: UInt16) {
    let low = Int(headerValue & 0xFF)
    guard headerValue & 0x8000 != 0 else {
      guard headerValue > 0 else { return nil }
      self = .ticksPerQuarter(Int(headerValue))
      return
    }
    let code = -Int(Int8(bitPattern: UInt8(headerValue >> 8)))
    guard low > 0 else { return nil }
    switch code {
    case 24, 25, 30:
      self = .smpte(framesPerSecond: Double(code), ticksPerFrame: low)
    case 29:
      self = .smpte(framesPerSecond: Self.dropFrameRate, ticksPerFrame: low)
    default:
      return nil
    }
  }

  /// Seconds per SMPTE tick as the exact ratio `numerator / denominator`.
  static func smpteSecondsPerTick(
    framesPerSecond: Double, ticksPerFrame: Int
  ) -> (numerator: Int, denominator: Int) {
    if framesPerSecond == dropFrameRate {
      return (1_001, 30_000 * ticksPerFrame)
    }
    return (1, Int(framesPerSecond) * ticksPerFrame)
  }
}
