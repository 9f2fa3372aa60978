import CSamplerCore

extension Sampler {
  /// The pitch of every key, 12-TET with A4 = 440 Hz until set: set it to a Scala scale
  /// (``Tuning/init(scalaFile:keyboardMappingFile:)``) from any control thread. The render
  /// thread takes it whole at the start of its next render call, and notes already sounding
  /// move to their keys' new pitches there; keys the tuning leaves unmapped start no voice. Key
  /// tunings passed in a render call's events (MIDI Tuning Standard changes) retune keys from
  /// their frame on without changing this value, until it is set again.
  public var tuning: Tuning {
    get { lock.withLock { currentTuning } }
    set {
      lock.withLock {
        currentTuning = newValue
        publish(newValue)
      }
    }
  }

  /// Sets the frequency one key plays at, in ``tuning``; notes sounding on it move there at the
  /// start of the next render call. Frequencies that are not positive and finite are ignored.
  public func setNoteFrequency(noteNumber: UInt8, frequency: Double) {
    guard noteNumber < 128, frequency > 0, frequency.isFinite else { return }
    lock.withLock {
      currentTuning.setFrequency(frequency, ofKey: Int(noteNumber))
      publish(currentTuning)
    }
  }

  /// Hands the whole table to the engine; called under `lock`, which serialises the callers as
  /// `sc_engine_set_tuning` requires.
  private func publish(_ tuning: Tuning) {
    let cents = tuning.frequencies.map { $0.map(Tuning.cents(ofFrequency:)) ?? .nan }
    let mapped = tuning.frequencies.map { $0 != nil }
    sc_engine_set_tuning(engine.pointer, cents, mapped)
  }
}
