extension SamplerEvent {
  /// Tunes `key` to `frequency` Hz from this frame on, on every channel: notes started on the
  /// key later play at that frequency, and with `retunesSoundingNotes` (a real-time MIDI Tuning
  /// Standard change) the notes sounding on it move there at this very frame. A key the tuning
  /// left unmapped plays again. Frequencies that are not positive and finite are ignored.
  ///
  /// ``MIDITuningMessage`` turns MIDI Tuning Standard SysEx into these events.
  public static func keyTuning(
    key: UInt8, frequency: Double, retunesSoundingNotes: Bool = true, frame: Int = 0
  ) -> Self {
    noteFrequency(
      key: key, hertz: Float(frequency), retunes: retunesSoundingNotes, frame: frame)
  }
}
