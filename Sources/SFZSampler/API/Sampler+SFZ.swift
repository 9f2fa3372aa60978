import CSamplerCore
import Foundation

extension Sampler {
  /// Loads an SFZ instrument, replacing whatever the sampler played, and reports what it found.
  /// Samples are decoded once each, in parallel; regions whose sample is missing or unreadable are
  /// skipped and reported. Throws when the file cannot be read, or on any problem when `strict`.
  ///
  /// The instrument's own presets, in `NAME.presets.json` next to `NAME.sfz`, join
  /// ``factoryPresets``; a sidecar file that cannot be read gives one diagnostic naming it.
  /// Parameter values and ``currentPreset`` stay as they were.
  ///
  /// `defines` are `#define` variables set before the file's first line: what a bank names its
  /// programs with (``BankInstrument/defines``, from an ARIA bank's `<Define>`s), so
  /// `sample=$sample_dir/...` finds the bank's samples. The file's own `#define`s replace them.
  ///
  /// ```swift
  /// let report = try sampler.loadInstrument(url: URL(fileURLWithPath: "Piano.sfz"))
  /// for problem in report.diagnostics { print(problem) }  // Piano.sfz:12: warning: ...
  /// ```
  @discardableResult
  public func loadInstrument(url: URL, strict: Bool = false, defines: [String: String] = [:])
    throws(SamplerError) -> InstrumentReport
  {
    let sidecar = InstrumentPresetFile(instrument: url)
    if strict, let problem = sidecar.diagnostic {
      throw .instrumentUnreadable(path: problem.file, reason: problem.description)
    }
    engine.streamFiles.beginInstrument()
    var result = try SFZInstrumentLoader(
      url: url, strict: strict, streaming: engine.canStream ? streaming : nil,
      streamFiles: engine.streamFiles, defines: defines
    ).load()
    let reference: InstrumentReference
    do {
      reference = try InstrumentReference(fileAt: url)
    } catch {
      // the file went away since the loader read it
      sc_instrument_destroy(result.instrument)
      throw .instrumentUnreadable(path: url.path, reason: error.description)
    }
    if result.report.streamedSampleCount > 0 { engine.startReader() }
    replaceInstrument(
      result.instrument, streamedSamples: result.report.streamedSampleCount,
      file: LoadedInstrumentFile(reference: reference, presets: sidecar.presets))
    result.report.diagnostics += sidecar.diagnostic.map { [$0] } ?? []
    result.report.sourceFiles += sidecar.path.map { [$0] } ?? []
    return result.report
  }

  /// The SFZ instrument playing, by path and content hash (what ``fullState`` records); nil for
  /// samples mapped with ``buildKeyMap()`` and for no instrument.
  public var instrumentReference: InstrumentReference? {
    lock.withLock { instrumentFile?.reference }
  }

  /// Loads an SFZ instrument (AKSampler's name); see ``loadInstrument(url:strict:defines:)``.
  public func loadUsingSfzFile(url: URL) throws(SamplerError) {
    try loadInstrument(url: url)
  }

  /// Loads `sfzFileName` from `folderPath` (AKSampler's name).
  public func loadUsingSfzFile(folderPath: String, sfzFileName: String) throws(SamplerError) {
    try loadInstrument(url: URL(fileURLWithPath: folderPath).appendingPathComponent(sfzFileName))
  }
}
