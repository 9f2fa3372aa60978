import Foundation

/// One channel of an ``EnsembleSetup``: the file assigned to it, if any, and where it sits in the
/// mix.
///
/// ```swift
/// let drums = ChannelSetup(instrument: URL(fileURLWithPath: "kits/rock.sfz"), gain: -3, pan: 0.2)
/// ```
public struct ChannelSetup: Sendable, Hashable {
  /// The SFZ file the channel plays whatever its program; nil leaves it to the bank.
  public var instrument: URL?
  /// Gain in dB added to the channel, finite (0 leaves it as it is).
  public var gain: Double
  /// Pan from -1 (left) through 0 (centre) to 1 (right).
  public var pan: Double

  /// A channel setup.
  public init(instrument: URL? = nil, gain: Double = 0, pan: Double = 0) {
    self.instrument = instrument
    self.gain = gain
    self.pan = pan
  }
}
