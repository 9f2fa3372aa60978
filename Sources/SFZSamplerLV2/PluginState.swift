import Foundation
import SFZSampler

/// What the plugin keeps in a host's session: the path of the SFZ file playing, which the C half
/// stores through state:mapPath, and the library's own state documents as JSON: the sampler's
/// full state (``SamplerState``: every parameter but the document settings, and the current
/// preset) and its document state (``SamplerDocumentState``: master tune and key tuning, since
/// in a plugin the host's session is the document).
struct PluginState {
  /// The instrument's path; nil when no SFZ file plays.
  var instrumentPath: String?
  /// `Sampler.fullState` as JSON; nil in a session that has none.
  var state: String?
  /// `Sampler.documentState` as JSON; nil in a session that has none.
  var document: String?

  init(instrumentPath: String?, state: String?, document: String?) {
    self.instrumentPath = instrumentPath
    self.state = state
    self.document = document
  }

  /// The state of `sampler` now.
  init(of sampler: Sampler) throws(StateError) {
    instrumentPath = sampler.instrumentReference?.path
    state = String(decoding: try sampler.fullState.jsonData(), as: UTF8.self)
    document = String(decoding: try sampler.documentState.jsonData(), as: UTF8.self)
  }

  /// Both documents read, before anything is applied, so that a broken one changes nothing; nil
  /// for one the session or preset does not hold.
  func decoded() throws(StateError) -> (state: SamplerState?, document: SamplerDocumentState?) {
    let full = try state.map { text throws(StateError) in
      try SamplerState(jsonData: Data(text.utf8), source: "the saved state")
    }
    let document = try document.map { text throws(StateError) in
      try SamplerDocumentState(jsonData: Data(text.utf8), source: "the saved document state")
    }
    return (full, document)
  }
}
