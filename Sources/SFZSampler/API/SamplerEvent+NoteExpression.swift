import CSamplerCore

/// Per-note expression: a note started with an id the caller chooses, and events that change
/// that one note while it sounds, whatever else plays on its channel.
///
/// Every voice the note starts (all its regions and layers, and the release samples its
/// note-off starts) answers to the id. Each expression is an absolute value, neutral at 0, added
/// to what the instrument and the channel do. Volume, pan and brightness glide to a new value
/// over 5 ms so that no step is heard; pitch and pressure apply as they come, as pitch bend and
/// aftertouch do. A later note-on with the same id takes the id over at neutral expression: the
/// earlier note's release keeps the expression it had.
///
/// ```swift
/// let events: [SamplerEvent] = [
///   .noteOn(key: 60, velocity: 100, noteID: 1),
///   .noteOn(key: 64, velocity: 100, noteID: 2),
///   .notePitch(noteID: 2, cents: 50, frame: 128),  // only the E moves
/// ]
/// ```
///
/// The ids the MPE receiver (``MPEReceiver``) hands out have the top bit set; ids below
/// 0x8000_0000 are left to the caller.
extension SamplerEvent {
  /// A key pressed as a note that per-note events can address by `noteID`; velocity 0 is a key
  /// released. The key's release is an ordinary
  /// ``noteOff(key:channel:frame:)``.
  public static func noteOn(
    key: UInt8, velocity: UInt8, channel: UInt8 = 0, noteID: UInt32, frame: Int = 0
  ) -> Self {
    Self(
      SC_EVENT_NOTE_ON_ID, frame: frame, channel: channel, data1: key & 127,
      data2: velocity & 127, value: Int32(bitPattern: noteID))
  }

  /// Moves note `noteID` by `cents` from the pitch it would otherwise play.
  public static func notePitch(noteID: UInt32, cents: Double, frame: Int = 0) -> Self {
    expression(SC_NOTE_PITCH, noteID: noteID, Float(cents), frame: frame)
  }

  /// Changes the level of note `noteID` by `decibels` (-144...+24; -144 is silence).
  public static func noteVolume(noteID: UInt32, decibels: Double, frame: Int = 0) -> Self {
    expression(SC_NOTE_VOLUME, noteID: noteID, Float(decibels), frame: frame)
  }

  /// Moves note `noteID` by `pan`, from -1 (to the left) to 1 (to the right), with the
  /// engine's equal-power pan law; the instrument's and channel's pan add to it.
  public static func notePan(noteID: UInt32, pan: Double, frame: Int = 0) -> Self {
    expression(SC_NOTE_PAN, noteID: noteID, Float(pan), frame: frame)
  }

  /// Moves the cutoff of every filter of note `noteID`'s regions by `cents` (up opens a
  /// low-pass: brighter). A region without a filter has no cutoff to move and sounds as it
  /// did: brightness is the instrument's filter, never one the engine adds.
  public static func noteBrightness(noteID: UInt32, cents: Double, frame: Int = 0) -> Self {
    expression(SC_NOTE_BRIGHTNESS, noteID: noteID, Float(cents), frame: frame)
  }

  /// Sets the pressure of note `noteID`, 0...1, the note's own aftertouch. Its voices read it
  /// as polyphonic aftertouch (SFZ `_polyaft`, `oncc130`) and as channel aftertouch
  /// (`_chanaft`, `oncc129`), each where it is larger than the key's or the channel's own, so
  /// an instrument written for either follows each note's pressure separately.
  public static func notePressure(noteID: UInt32, pressure: Double, frame: Int = 0) -> Self {
    expression(SC_NOTE_PRESSURE, noteID: noteID, Float(pressure), frame: frame)
  }

  private static func expression(
    _ expression: sc_note_expression, noteID: UInt32, _ amount: Float, frame: Int
  ) -> Self {
    Self(
      SC_EVENT_NOTE_EXPRESSION, frame: frame, channel: 0, data1: UInt8(expression.rawValue),
      value: Int32(bitPattern: noteID), number: amount)
  }
}
