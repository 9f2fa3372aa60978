/// Turns sample files and raw buffers into `DecodedAudio`.
///
/// All entry points are safe to call concurrently for different files: each call owns its
/// decoder handles and buffers. `SampleStreamDecoder` reads the same files piece by piece.
///
/// ```swift
/// let audio = try SampleDecoder.decode(path: "Samples/C4.wv")   // chooses by content
/// let head = try SampleDecoder.decode(path: "Samples/C4.wv", frameLimit: 4_096)
/// print(head.frameCount, "of", head.fileFrameCount)
/// ```
enum SampleDecoder {
  /// Channels kept of a file's or buffer's channels: the first two.
  static let maximumChannels = 2

  /// Decodes any supported file, choosing the decoder from the file's first bytes (WavPack
  /// block header or anything libsndfile recognises), never from its extension.
  ///
  /// - Parameter frameLimit: with a value (at least 1), decodes only the first `frameLimit`
  ///   frames; `fileFrameCount` still gives the whole file's length and the metadata (loop, root
  ///   key, tuning) is the whole file's, its loop checked against that length. A WavPack file of
  ///   unknown length (written through a pipe) is decoded whole.
  static func decode(path: String, frameLimit: Int? = nil) throws(SampleDecodingError)
    -> DecodedAudio
  {
    precondition(frameLimit.map { $0 > 0 } ?? true, "frameLimit must be at least 1")
    let container = try SampleFileProbe.container(ofFileAt: path)
    if container == .wavPack {
      return try WavPackDecoding.decode(path: path, isWavPackContent: true, frameLimit: frameLimit)
    }
    return try SndfileDecoding.decode(path: path, container: container, frameLimit: frameLimit)
  }

  /// Decodes a WavPack file; other content is reported as `notAudio`.
  static func decodeWavPack(path: String) throws(SampleDecodingError) -> DecodedAudio {
    let container = try SampleFileProbe.container(ofFileAt: path)
    return try WavPackDecoding.decode(path: path, isWavPackContent: container == .wavPack)
  }

  /// Decodes WAV, AIFF, FLAC, Ogg Vorbis and the other formats libsndfile reads.
  static func decodeWithSndfile(path: String) throws(SampleDecodingError) -> DecodedAudio {
    let container = try SampleFileProbe.container(ofFileAt: path)
    return try SndfileDecoding.decode(path: path, container: container)
  }
}
