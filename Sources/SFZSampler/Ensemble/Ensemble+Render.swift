import CSamplerCore

extension Ensemble {
  /// Renders `frameCount` frames (at most ``maximumFrames``) into `left` and `right`
  /// (overwritten), `events` (sorted by frame) routed to the instruments and applied on their
  /// frames. Real-time safe.
  ///
  /// - Returns: The channels that sounded.
  @discardableResult
  public func render(
    frameCount: Int, events: UnsafeBufferPointer<SamplerEvent>, left: UnsafeMutablePointer<Float>,
    right: UnsafeMutablePointer<Float>
  ) -> ChannelSet {
    events.withMemoryRebound(to: sc_event.self) { raw in
      ChannelSet(
        rawValue: sc_ensemble_render(
          handle, UInt32(clamping: frameCount), raw.baseAddress, UInt32(raw.count), left, right,
          nil, nil))
    }
  }

  /// Renders as ``render(frameCount:events:left:right:)`` does, and also each channel's output
  /// into `stems` (gain and pan applied, zeros for a silent channel): the stems add up to the
  /// mix. Real-time safe.
  ///
  /// - Returns: The channels that sounded.
  @discardableResult
  public func render(
    frameCount: Int, events: UnsafeBufferPointer<SamplerEvent>, left: UnsafeMutablePointer<Float>,
    right: UnsafeMutablePointer<Float>, stems: StemBuffers
  ) -> ChannelSet {
    events.withMemoryRebound(to: sc_event.self) { raw in
      stems.left.withUnsafeBufferPointer { stemLeft in
        stems.right.withUnsafeBufferPointer { stemRight in
          ChannelSet(
            rawValue: sc_ensemble_render(
              handle, UInt32(clamping: frameCount), raw.baseAddress, UInt32(raw.count), left,
              right, stemLeft.baseAddress, stemRight.baseAddress))
        }
      }
    }
  }
}

/// A set of MIDI channels, bit c for channel c (0-15).
public struct ChannelSet: OptionSet, Sendable, Hashable {
  /// Bit c for channel c.
  public let rawValue: UInt16

  /// A set from its bits.
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// The set holding `channel` (0-15) alone.
  public init(channel: Int) { rawValue = UInt16(1) << UInt16(channel & 15) }

  /// Whether `channel` (0-15) is in the set.
  public func contains(channel: Int) -> Bool { contains(ChannelSet(channel: channel)) }

  /// The channels in the set, in order.
  public var channels: [Int] { (0..<16).filter { contains(channel: $0) } }
}

/// Sixteen stereo buffers, one per MIDI channel, an ensemble writes its stems into. Made once,
/// before rendering: the render call itself then allocates nothing.
public struct StemBuffers: @unchecked Sendable {
  let left: [UnsafeMutablePointer<Float>?]
  let right: [UnsafeMutablePointer<Float>?]

  /// Buffers of channel c at `left[c]` and `right[c]` (16 each), each holding at least the
  /// frames of the render calls they are given to.
  public init(left: [UnsafeMutablePointer<Float>], right: [UnsafeMutablePointer<Float>]) {
    precondition(left.count == 16 && right.count == 16, "one buffer per MIDI channel")
    self.left = left.map { Optional($0) }
    self.right = right.map { Optional($0) }
  }
}
