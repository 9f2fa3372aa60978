/// A channel message with its position in the song.
public struct MIDITimedEvent: Sendable, Equatable {
  /// Time from the start of the song, computed exactly from the tick and the tempo map.
  public var seconds: Double
  /// Absolute tick: from the start of the file for formats 0 and 1, and for format 2 from the start
  /// of the first track (each track starts at the end tick of the one before).
  public var tick: Int
  /// Index of the `MTrk` chunk the event came from (0 = the first track chunk in the file).
  public var track: Int
  /// The channel message.
  public var message: MIDIMessage

  /// Creates an event; ``MIDIFile`` makes these, tests and callers may build their own.
  public init(seconds: Double, tick: Int, track: Int, message: MIDIMessage) {
    self.seconds = seconds
    self.tick = tick
    self.track = track
    self.message = message
  }
}

extension MIDITimedEvent {
  /// The sample frame at which the event plays: `seconds * sampleRate` rounded to the nearest
  /// integer, halves away from zero (`Double.rounded()`).
  ///
  /// Rounding to nearest (not truncating) keeps frames exact when the product is an integer that
  /// floating point lands a hair below, e.g. 23999.999999999996 for frame 24000. Results outside
  /// `0...Int.max` (absurd rates or times) are clamped.
  ///
  /// ```swift
  /// let frame = event.frame(atSampleRate: 48_000)  // 0.5 s -> 24000
  /// ```
  public func frame(atSampleRate sampleRate: Double) -> Int {
    Self.frame(seconds: seconds, sampleRate: sampleRate)
  }

  static func frame(seconds: Double, sampleRate: Double) -> Int {
    let exact = (seconds * sampleRate).rounded()
    if exact.isNaN || exact <= 0 { return 0 }
    return exact < 0x1p63 ? Int(exact) : Int.max
  }
}

/// A Set Tempo meta event, from any track.
public struct MIDITempoChange: Sendable, Equatable {
  /// Absolute tick (see ``MIDITimedEvent/tick``).
  public var tick: Int
  /// Time of the change from the start of the song.
  public var seconds: Double
  /// Length of a quarter note from this tick on (500000 = 120 beats per minute).
  public var microsecondsPerQuarter: Int
}
