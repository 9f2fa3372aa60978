import CSamplerCore
import Foundation
import SFZ

/// Reads an SFZ file, decodes each distinct sample once (in parallel), and builds the C
/// instrument. Problems that leave the instrument playable become diagnostics; only a file that
/// cannot be read at all (or any warning in strict mode) throws.
struct SFZInstrumentLoader {
  let url: URL
  let strict: Bool
  /// How samples may stream; nil holds them whole.
  var streaming: StreamingSettings? = nil
  /// Where streamed samples' files are registered for the reader.
  var streamFiles: StreamFiles? = nil
  /// Variables defined before the file's first line (a bank file's `<Define>`s).
  var defines: [String: String] = [:]

  struct Result {
    var instrument: OpaquePointer
    var report: InstrumentReport
  }

  func load() throws(SamplerError) -> Result {
    let started = Date()
    // an instrument parsed and mapped before, its files unchanged, is only built again
    let key = cacheKey
    let cached = key.flatMap { DecodedSampleCache.instrument(for: $0, streaming: streaming) }
    let stamp = key != nil && cached == nil ? FileStamp(path: url.path) : nil
    let parsed: SFZInstrument
    if let cached { parsed = cached.parsed } else { parsed = try parse() }
    var builder = try EngineInstrumentBuilder(label: url.path)
    var samples = try InstrumentSamples(
      decoding: parsed.regions, streaming: streaming, into: &builder, file: url.path,
      streamFiles: streamFiles)
    try checkBudget(Int(builder.sampleBytes), streamed: samples.streamedCount)
    let curveWarnings = addCurves(parsed.curves, to: &builder)
    let mapped: MappedRegions
    if let cached {
      mapped = try replay(cached.mapped, &samples, into: &builder)
    } else {
      mapped = try mapRegions(parsed.regions, &samples, into: &builder, recording: key != nil)
    }
    let effects = InstrumentEffects(parsed.effects)
    let effectWarnings = effects.diagnostics + effects.add(to: builder.pointer)
    let diagnostics =
      parsed.diagnostics + curveWarnings + mapped.diagnostics + samples.skippedRegionWarnings()
      + mapped.unrenderedWarnings() + effectWarnings
    try refuseInStrictMode(diagnostics)
    for (controller, value) in parsed.control.setCC where (0...127).contains(controller) {
      builder.setInitialController(controller, to: value)
    }
    let (instrument, _) = try builder.finish()
    if let key, let stamp {
      DecodedSampleCache.keep(
        CachedInstrument(
          parsed: parsed, mapped: mapped, streaming: streaming,
          sources: Self.sources(of: parsed, file: stamp)),
        for: key)
    }
    let report = InstrumentReport(
      path: url.path, regionCount: mapped.count, sampleCount: samples.index.count,
      sampleBytes: Int(sc_instrument_sample_bytes(instrument)),
      streamedSampleCount: samples.streamedCount, keyRange: mapped.keys,
      velocityRange: mapped.velocities, loadSeconds: Date().timeIntervalSince(started),
      diagnostics: diagnostics,
      sourceFiles: [url.path] + parsed.includedFiles
        + samples.sources.filter { !$0.hasPrefix("*") })
    return Result(instrument: instrument, report: report)
  }

  private func parse() throws(SamplerError) -> SFZInstrument {
    do {
      return try SFZInstrument.load(url: url, strict: strict, defines: defines)
    } catch {
      throw .instrumentUnreadable(path: url.path, reason: error.description)
    }
  }

  /// Hands the `<curve>` definitions to the engine; warnings for those it cannot use.
  private func addCurves(
    _ curves: [Int: SFZCurve], to builder: inout EngineInstrumentBuilder
  ) -> [SFZDiagnostic] {
    var warnings: [SFZDiagnostic] = []
    for (index, curve) in curves.sorted(by: { $0.key < $1.key })
    where !builder.setCurve(index, curve.points) {
      warnings.append(
        SFZDiagnostic(.warning, at: curve.location, "curve_index=\(index) not usable; ignored"))
    }
    return warnings
  }

  /// Streaming, the samples' memory must fit the budget: a library too large even for its
  /// preloads is refused with the figures, not loaded into swap.
  private func checkBudget(_ bytes: Int, streamed: Int) throws(SamplerError) {
    guard let streaming, streamed > 0, bytes > streaming.memoryBudget else { return }
    throw .memoryBudgetExceeded(
      path: url.path, neededBytes: bytes, budgetBytes: streaming.memoryBudget,
      preloadFrames: streaming.preloadFrames)
  }

  private func refuseInStrictMode(_ diagnostics: [SFZDiagnostic]) throws(SamplerError) {
    guard strict, !diagnostics.isEmpty else { return }
    throw .instrumentUnreadable(
      path: url.path,
      reason: "\(diagnostics.count) problem(s) in strict mode; first: \(diagnostics[0])")
  }
}
