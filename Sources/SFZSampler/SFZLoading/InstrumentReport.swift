import SFZ

/// What loading an SFZ instrument found: its size, its coverage and every problem.
///
/// ```swift
/// let report = try sampler.loadInstrument(url: url)
/// print("\(report.regionCount) regions, \(report.sampleBytes / 1_048_576) MB")
/// report.diagnostics.forEach { print($0) }
/// ```
public struct InstrumentReport: Sendable {
  /// The SFZ file.
  public var path: String
  /// Regions that play.
  public var regionCount: Int
  /// Distinct samples decoded (generators count once each).
  public var sampleCount: Int
  /// Bytes of sample memory the engine holds.
  public var sampleBytes: Int
  /// Samples kept in memory only in part, the rest streamed from disk while they play
  /// (``StreamingSettings``).
  public var streamedSampleCount: Int
  /// Lowest...highest key any region answers, or nil if none does.
  public var keyRange: ClosedRange<Int>?
  /// Lowest...highest velocity any region answers.
  public var velocityRange: ClosedRange<Int>?
  /// Seconds from the call to the instrument being handed to the engine.
  public var loadSeconds: Double
  /// Every problem, in compiler style (`file.sfz:12: warning: ...`).
  public var diagnostics: [SFZDiagnostic]
  /// Every file the load read: the SFZ file, the files it `#include`s and the sample files
  /// (generators such as `*sine` are not files), so a caller can keep from writing over them.
  public var sourceFiles: [String]
}
