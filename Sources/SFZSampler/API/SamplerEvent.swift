import CSamplerCore

/// A MIDI-like event for ``Sampler/render(frameCount:events:left:right:)``, applied exactly at
/// its frame within the rendered block.
///
/// ```swift
/// let events: [SamplerEvent] = [.noteOn(key: 60, velocity: 100, frame: 17), .noteOff(key: 60, frame: 200)]
/// events.withUnsafeBufferPointer { sampler.render(frameCount: 256, events: $0, left: l, right: r) }
/// ```
public struct SamplerEvent: Sendable {
  var raw: sc_event

  init(
    _ type: sc_event_type, frame: Int, channel: UInt8, data1: UInt8 = 0,
    data2: UInt8 = 0, value: Int32 = 0, number: Float = 0
  ) {
    raw = sc_event(
      frame: UInt32(clamping: frame), type: UInt8(type.rawValue), channel: channel & 15,
      data1: data1, data2: data2, value: value, number: number)
  }

  /// The frame within the block at which the event applies.
  public var frame: Int {
    get { Int(raw.frame) }
    set { raw.frame = UInt32(clamping: newValue) }
  }

  /// A key pressed; velocity 0 is a key released.
  public static func noteOn(key: UInt8, velocity: UInt8, channel: UInt8 = 0, frame: Int = 0) -> Self
  {
    Self(SC_EVENT_NOTE_ON, frame: frame, channel: channel, data1: key & 127, data2: velocity & 127)
  }

  /// A key released.
  public static func noteOff(key: UInt8, channel: UInt8 = 0, frame: Int = 0) -> Self {
    Self(SC_EVENT_NOTE_OFF, frame: frame, channel: channel, data1: key & 127)
  }

  /// A controller change (CC64 is the sustain pedal, CC7 volume, CC10 pan, CC11 expression,
  /// CC120 all sound off, CC123 all notes off; other controllers do what the instrument says).
  public static func controlChange(
    controller: UInt8, value: UInt8, channel: UInt8 = 0, frame: Int = 0
  ) -> Self {
    Self(
      SC_EVENT_CONTROL_CHANGE, frame: frame, channel: channel, data1: controller & 127,
      data2: value & 127)
  }

  /// Pitch bend, -8192...8191 (0 is centred).
  public static func pitchBend(value: Int, channel: UInt8 = 0, frame: Int = 0) -> Self {
    Self(
      SC_EVENT_PITCH_BEND, frame: frame, channel: channel,
      value: Int32(min(max(value, -8192), 8191)))
  }

  /// A program change.
  public static func programChange(program: UInt8, channel: UInt8 = 0, frame: Int = 0) -> Self {
    Self(SC_EVENT_PROGRAM_CHANGE, frame: frame, channel: channel, data1: program & 127)
  }

  /// Channel aftertouch.
  public static func channelPressure(pressure: UInt8, channel: UInt8 = 0, frame: Int = 0) -> Self {
    Self(SC_EVENT_CHANNEL_PRESSURE, frame: frame, channel: channel, data1: pressure & 127)
  }

  /// Polyphonic aftertouch.
  public static func polyPressure(key: UInt8, pressure: UInt8, channel: UInt8 = 0, frame: Int = 0)
    -> Self
  {
    Self(
      SC_EVENT_POLY_PRESSURE, frame: frame, channel: channel, data1: key & 127,
      data2: pressure & 127)
  }

  /// The host's tempo in beats per minute (for `lobpm`/`hibpm` and `sync_beats`); 120 until set.
  public static func tempo(bpm: Double, frame: Int = 0) -> Self {
    var event = parameter(SC_PARAM_TEMPO, Float(bpm))
    event.frame = frame
    return event
  }

  /// The host's song position in beats at this frame (for `sync_beats`); it then advances at the
  /// tempo. It starts at 0 when the sampler is created.
  public static func songPosition(beats: Double, frame: Int = 0) -> Self {
    Self(SC_EVENT_SONG_POSITION, frame: frame, channel: 0, number: Float(beats))
  }

  static func parameter(_ parameter: sc_param, _ value: Float) -> Self {
    Self(SC_EVENT_PARAMETER, frame: 0, channel: 0, data1: UInt8(parameter.rawValue), number: value)
  }

  static func noteFrequency(key: UInt8, hertz: Float, retunes: Bool, frame: Int) -> Self {
    Self(
      SC_EVENT_NOTE_FREQUENCY, frame: frame, channel: 0, data1: key & 127,
      data2: retunes ? UInt8(SC_TUNING_RETUNE_SOUNDING) : 0, number: hertz)
  }
}
