import CSndfile

/// A stereo WAV or FLAC file being written through libsndfile.
final class AudioFileWriter {
  private var file: OpaquePointer?
  private var converter: SampleConverter
  private var integers: [Int32] = []
  private var floats: [Float] = []
  /// The name used in error messages (the final output path, not the temporary one).
  private let displayPath: String

  /// Samples clipped so far while converting to integers.
  var clippedSamples: Int { converter.clippedSamples }

  /// Creates the file at `path` (which must not exist yet).
  init(
    path: String, displayPath: String, format: OutputFormat, sampleRate: Int
  ) throws(SFZPlayError) {
    self.displayPath = displayPath
    converter = SampleConverter(depth: format.depth)
    var info = SF_INFO()
    info.samplerate = Int32(sampleRate)
    info.channels = 2
    info.format = format.sndfileFormat
    guard let handle = sf_open(path, Int32(SFM_WRITE), &info) else {
      throw .outputUnwritable(path: displayPath, reason: String(cString: sf_strerror(nil)))
    }
    file = handle
    // The PEAK chunk of float WAV files carries a time stamp, which would make two renders of the
    // same song differ.
    sf_command(handle, Int32(SFC_SET_ADD_PEAK_CHUNK), nil, Int32(SF_FALSE))
    sf_command(handle, Int32(SFC_SET_CLIPPING), nil, Int32(SF_FALSE))
  }

  deinit {
    if let file { sf_close(file) }
  }

  /// Appends `count` frames.
  func write(
    left: UnsafePointer<Float>, right: UnsafePointer<Float>, count: Int
  ) throws(SFZPlayError) {
    guard let file, count > 0 else { return }
    let written: sf_count_t
    if converter.depth == .float32 {
      converter.interleave(left: left, right: right, count: count, into: &floats)
      written = sf_writef_float(file, floats, sf_count_t(count))
    } else {
      converter.convert(left: left, right: right, count: count, into: &integers)
      written = sf_writef_int(file, integers, sf_count_t(count))
    }
    guard written == count else {
      throw .outputUnwritable(path: displayPath, reason: String(cString: sf_strerror(file)))
    }
  }

  /// Finishes the header and closes the file.
  func close() throws(SFZPlayError) {
    guard let handle = file else { return }
    file = nil
    let status = sf_close(handle)
    guard status == 0 else {
      throw .outputUnwritable(path: displayPath, reason: String(cString: sf_error_number(status)))
    }
  }
}
