import Foundation

extension Sampler {
  /// The sampler's full state: the SFZ instrument playing (path and content hash), every
  /// parameter but the document settings, and ``currentPreset``. Restore it with
  /// ``setFullState(_:)``; the master tune and key tuning are in ``documentState``.
  ///
  /// ```swift
  /// let saved = try sampler.fullState.jsonData()
  /// ```
  public var fullState: SamplerState {
    let (file, preset) = lock.withLock { (instrumentFile, selectedPreset) }
    return SamplerState(
      instrument: file?.reference, parameters: soundValues(), currentPreset: preset)
  }

  /// Restores a state saved with ``fullState``: every parameter but the document settings (those
  /// the state leaves out take their defaults; values out of range are clamped) and the current
  /// preset. The whole state is checked first: when a value is not a finite number it throws and
  /// changes nothing. It does not load the instrument the state names: load that first
  /// (``SamplerState/instrument`` says which, and whether the file changed since).
  public func setFullState(_ state: SamplerState) throws(StateError) {
    try state.check(source: "state")
    parameters.batch {
      apply(state.parameters)
      lock.withLock { selectedPreset = state.currentPreset }
    }
  }

  /// The settings of the host's document: the master tune and the key tuning (``tuning``).
  public var documentState: SamplerDocumentState {
    SamplerDocumentState(masterTune: parameters[.masterTune], tuning: tuning)
  }

  /// Restores a document state; throws, changing nothing, when the master tune is not a finite
  /// number.
  public func setDocumentState(_ state: SamplerDocumentState) throws(StateError) {
    try state.check(source: "document state")
    parameters.batch {
      parameters[.masterTune] = state.masterTune
      tuning = state.tuning
    }
  }
}
