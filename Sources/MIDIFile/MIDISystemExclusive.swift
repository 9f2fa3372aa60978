/// A complete System Exclusive message from a track, from its `F0` to its `F7`, with its place
/// in the song: MIDI Tuning Standard changes, GM/GS/XG resets and manufacturers' messages.
public struct MIDISystemExclusive: Sendable, Equatable {
  /// Time from the start of the song (see ``MIDITimedEvent/seconds``).
  public var seconds: Double
  /// Absolute tick (see ``MIDITimedEvent/tick``).
  public var tick: Int
  /// Index of the `MTrk` chunk the message came from.
  public var track: Int
  /// Byte offset in the file of the `F0` or `F7` that completes the message, for messages about
  /// it.
  public var fileOffset: Int
  /// The message: `F0`, its data bytes, `F7`.
  public var bytes: [UInt8]

  /// Creates a message; ``MIDIFile`` makes these, tests and callers may build their own.
  public init(seconds: Double, tick: Int, track: Int, fileOffset: Int, bytes: [UInt8]) {
    self.seconds = seconds
    self.tick = tick
    self.track = track
    self.fileOffset = fileOffset
    self.bytes = bytes
  }

  /// The sample frame at which the message applies, rounded as ``MIDITimedEvent/frame(atSampleRate:)``
  /// rounds.
  public func frame(atSampleRate sampleRate: Double) -> Int {
    MIDITimedEvent.frame(seconds: seconds, sampleRate: sampleRate)
  }
}
