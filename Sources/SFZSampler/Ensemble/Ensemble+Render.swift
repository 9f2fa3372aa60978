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
  /// into `stems` (gain and pan applied, zeros for a silent channel), dry, and the shared reverb's
  /// and chorus's returns into the stems' return buffers when it has them: the stems and the
  /// returns add up to the mix. Real-time safe.
  ///
  /// - Returns: The channels that sounded.
  @discardableResult
  public func render(
    frameCount: Int, events: UnsafeBufferPointer<SamplerEvent>, left: UnsafeMutablePointer<Float>,
    right: UnsafeMutablePointer<Float>, stems: StemBuffers
  ) -> ChannelSet {
    stems.withPointers { stemLeft, stemRight, returnLeft, returnRight in
      events.withMemoryRebound(to: sc_event.self) { raw in
        ChannelSet(
          rawValue: sc_ensemble_render_returns(
            handle, nil, UInt32(clamping: frameCount), raw.baseAddress, UInt32(raw.count), left,
            right, stemLeft, stemRight, returnLeft, returnRight, nil))
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

/// Sixteen stereo buffers, one per MIDI channel, an ensemble writes its stems into, and
/// optionally two more for the returns of its reverb and chorus. Made once, before rendering:
/// the render call itself then allocates nothing.
public struct StemBuffers: @unchecked Sendable {
  let left: [UnsafeMutablePointer<Float>?]
  let right: [UnsafeMutablePointer<Float>?]
  /// The reverb's return at [0], the chorus's at [1]; empty when not asked for.
  let returnLeft: [UnsafeMutablePointer<Float>?]
  let returnRight: [UnsafeMutablePointer<Float>?]

  /// Buffers of channel c at `left[c]` and `right[c]` (16 each), each holding at least the
  /// frames of the render calls they are given to; with `returnLeft` and `returnRight` (2
  /// each), the reverb's return goes to [0] and the chorus's to [1].
  public init(
    left: [UnsafeMutablePointer<Float>], right: [UnsafeMutablePointer<Float>],
    returnLeft: [UnsafeMutablePointer<Float>] = [], returnRight: [UnsafeMutablePointer<Float>] = []
  ) {
    precondition(left.count == 16 && right.count == 16, "one buffer per MIDI channel")
    precondition(
      returnLeft.count == returnRight.count && (returnLeft.isEmpty || returnLeft.count == 2),
      "the reverb's and the chorus's returns, or none")
    self.left = left.map { Optional($0) }
    self.right = right.map { Optional($0) }
    self.returnLeft = returnLeft.map { Optional($0) }
    self.returnRight = returnRight.map { Optional($0) }
  }

  /// No buffers: a render without stems.
  static let none = StemBuffers(rawLeft: [], rawRight: [])

  private init(rawLeft: [UnsafeMutablePointer<Float>?], rawRight: [UnsafeMutablePointer<Float>?]) {
    left = rawLeft
    right = rawRight
    returnLeft = []
    returnRight = []
  }

  /// The C arrays of the stems and the returns (nil where there are none), for one call.
  func withPointers<Result>(
    _ body: (
      UnsafePointer<UnsafeMutablePointer<Float>?>?, UnsafePointer<UnsafeMutablePointer<Float>?>?,
      UnsafePointer<UnsafeMutablePointer<Float>?>?, UnsafePointer<UnsafeMutablePointer<Float>?>?
    ) -> Result
  ) -> Result {
    left.withUnsafeBufferPointer { stemLeft in
      right.withUnsafeBufferPointer { stemRight in
        returnLeft.withUnsafeBufferPointer { returnsLeft in
          returnRight.withUnsafeBufferPointer { returnsRight in
            body(
              stemLeft.baseAddress, stemRight.baseAddress,
              returnLeft.isEmpty ? nil : returnsLeft.baseAddress,
              returnRight.isEmpty ? nil : returnsRight.baseAddress)
          }
        }
      }
    }
  }
}
