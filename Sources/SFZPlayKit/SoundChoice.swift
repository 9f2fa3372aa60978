import Foundation
import SFZSampler

/// `--preset`, `--state` and `--save-state`: how the sampler's parameters are set before the
/// render, and where the state it renders with is saved.
struct SoundChoice {
  /// A preset's number or name.
  var preset: String?
  /// Where user presets are looked for; nil when there is nowhere to look.
  var userPresets: UserPresetFolder?
  /// A saved state to restore.
  var state: GivenPath?
  /// Where to save the state the song is rendered with.
  var saveState: GivenPath?

  /// The input files the choice reads.
  var inputs: [GivenPath] { state.map { [$0] } ?? [] }

  /// Restores the state or chooses the preset. A state saved with another version of the
  /// instrument file is a warning, or an error with `strict`.
  func apply(
    to sampler: Sampler, instrument: GivenPath, strict: Bool, printError: (String) -> Void
  ) throws(SFZPlayError) {
    if let state {
      let saved: SamplerState
      do {
        saved = try SamplerState(contentsOf: state.url)
      } catch {
        throw .state(error)
      }
      try checkInstrument(saved, instrument: instrument, of: sampler, strict: strict, printError)
      do {
        try sampler.setFullState(saved)
      } catch {
        throw .state(error)
      }
    }
    if let preset {
      let user: [SamplerPreset]
      do {
        user = try userPresets?.presets() ?? []
      } catch {
        throw .state(error)
      }
      sampler.currentPreset = try PresetLookup.find(
        preset, factory: sampler.factoryPresets, user: user, instrument: instrument.text)
    }
  }

  private func checkInstrument(
    _ saved: SamplerState, instrument: GivenPath, of sampler: Sampler, strict: Bool,
    _ printError: (String) -> Void
  ) throws(SFZPlayError) {
    guard let state, let expected = saved.instrument, let loaded = sampler.instrumentReference,
      expected.contentHash != loaded.contentHash
    else { return }
    let mismatch = SFZPlayError.stateInstrumentMismatch(
      state: state.text, saved: expected, instrument: instrument.text, loaded: loaded)
    if strict { throw mismatch }
    printError("sfzplay: warning: \(mismatch.description)")
  }

  /// Writes `state` to `--save-state`, whole or not at all.
  func save(_ state: SamplerState) throws(SFZPlayError) {
    guard let saveState else { return }
    do {
      try state.write(to: saveState.url)
    } catch {
      throw .state(error)
    }
  }
}
