import Foundation

extension Sampler {
  /// Loads an SFZ instrument, replacing whatever the sampler played, and reports what it found.
  /// Samples are decoded once each, in parallel; regions whose sample is missing or unreadable are
  /// skipped and reported. Throws when the file cannot be read, or on any problem when `strict`.
  ///
  /// ```swift
  /// let report = try sampler.loadInstrument(url: URL(fileURLWithPath: "Piano.sfz"))
  /// for problem in report.diagnostics { print(problem) }  // Piano.sfz:12: warning: ...
  /// ```
  @discardableResult
  public func loadInstrument(url: URL, strict: Bool = false) throws(SamplerError)
    -> InstrumentReport
  {
    engine.streamFiles.beginInstrument()
    let result = try SFZInstrumentLoader(
      url: url, strict: strict, streaming: engine.canStream ? streaming : nil,
      streamFiles: engine.streamFiles
    ).load()
    if result.report.streamedSampleCount > 0 { engine.startReader() }
    replaceInstrument(result.instrument, streamedSamples: result.report.streamedSampleCount)
    return result.report
  }

  /// Loads an SFZ instrument (AKSampler's name); see ``loadInstrument(url:strict:)``.
  public func loadUsingSfzFile(url: URL) throws(SamplerError) {
    try loadInstrument(url: url)
  }

  /// Loads `sfzFileName` from `folderPath` (AKSampler's name).
  public func loadUsingSfzFile(folderPath: String, sfzFileName: String) throws(SamplerError) {
    try loadInstrument(url: URL(fileURLWithPath: folderPath).appendingPathComponent(sfzFileName))
  }
}
