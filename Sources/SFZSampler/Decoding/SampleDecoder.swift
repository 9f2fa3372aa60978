/// Turns sample files and raw buffers into `DecodedAudio`.
///
/// All entry points are safe to call concurrently for different files: each call owns its
/// decoder handles and buffers.
///
/// ```swift
/// let audio = try SampleDecoder.decode(path: "Samples/C4.wv")   // chooses by content
/// ```
enum SampleDecoder {
  /// Decodes any supported file, choosing the decoder from the file's first bytes (WavPack
  /// block header or anything libsndfile recognises), never from its extension.
  static func decode(path: String) throws(SampleDecodingError) -> DecodedAudio {
    let container = try SampleFileProbe.container(ofFileAt: path)
    if container == .wavPack {
      return try WavPackDecoding.decode(path: path, isWavPackContent: true)
    }
    return try SndfileDecoding.decode(path: path, container: container)
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
