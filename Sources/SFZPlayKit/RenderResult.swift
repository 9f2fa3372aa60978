import SFZSampler

/// What a finished render measured.
public struct RenderResult {
  /// Frames written.
  public var frames: Int
  /// Largest absolute sample value, before conversion to the file format.
  public var peak: Float
  /// Most voices that sounded at once.
  public var peakVoices: Int
  /// Voices the engine cut because their output was not finite (see `Sampler.silencedVoiceCount`).
  public var silencedVoices: Int
  /// Samples read from disk while they played, and the streams whose file could not be read.
  public var streaming: StreamingStatistics
}
