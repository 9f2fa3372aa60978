import CSndfile
import Synchronization

/// Decoding through libsndfile: WAV (8/16/24/32-bit integer, 32/64-bit float), AIFF, FLAC, Ogg
/// Vorbis and the other formats the installed libsndfile reads.
enum SndfileDecoding {
  private static let chunkFrames = 8192

  /// libsndfile reports open failures through one process-wide error slot (`sf_error(NULL)`),
  /// so opens are serialised to keep concurrent decodes from reading each other's error.
  private static let openLock = Mutex(())

  static func decode(
    path: String, container: SampleFileProbe.Container
  ) throws(SampleDecodingError) -> DecodedAudio {
    var info = SF_INFO()
    let handle = try open(path: path, info: &info)
    defer { sf_close(handle) }
    guard info.channels > 0 else {
      throw .corruptHeader(path: path, detail: "channel count \(info.channels)")
    }
    guard info.samplerate > 0 else {
      throw .corruptHeader(path: path, detail: "sample rate \(info.samplerate)")
    }
    guard info.frames > 0 else { throw .noFrames(path: path) }

    var builder = PlanarBuilder(
      sourceChannels: Int(info.channels), expectedFrames: Int(clamping: info.frames))
    var notes = builder.droppedChannelNotes
    try readAll(handle: handle, path: path, expectedFrames: Int(info.frames), into: &builder)
    if builder.frameCount < info.frames {
      notes.append("header announced \(info.frames) frames; decoded \(builder.frameCount)")
    }

    let metadata = containerMetadata(path: path, container: container) ?? instrument(handle)
    let checked = metadata?.checkedLoop(frameCount: builder.frameCount)
    return DecodedAudio(
      channels: builder.makeChannels(),
      sampleRate: Double(info.samplerate),
      frameCount: builder.frameCount,
      loop: checked?.loop,
      rootKey: metadata?.rootKey,
      fineTuneCents: metadata?.fineTuneCents,
      notes: notes + (checked?.notes ?? [])
    )
  }

  private static func open(
    path: String, info: inout SF_INFO
  ) throws(SampleDecodingError) -> OpaquePointer {
    let result: Result<OpaquePointer, SampleDecodingError> = openLock.withLock { _ in
      if let handle = sf_open(path, Int32(SFM_READ), &info) { return .success(handle) }
      let code = Int(sf_error(nil))
      let message = String(cString: sf_strerror(nil))
      return .failure(openError(code: code, message: message, path: path))
    }
    return try result.get()
  }

  private static func openError(code: Int, message: String, path: String) -> SampleDecodingError {
    switch code {
    case Int(SF_ERR_UNRECOGNISED_FORMAT): return .notAudio(path: path, detail: message)
    case Int(SF_ERR_UNSUPPORTED_ENCODING):
      return .unsupportedEncoding(path: path, detail: message)
    case Int(SF_ERR_SYSTEM): return .cannotOpen(path: path, reason: message)
    default: return .corruptHeader(path: path, detail: message)
    }
  }

  /// Reads until the announced length or the first short read, whichever comes first:
  /// libsndfile's frame count is an estimate for some containers.
  private static func readAll(
    handle: OpaquePointer, path: String, expectedFrames: Int, into builder: inout PlanarBuilder
  ) throws(SampleDecodingError) {
    let stride = builder.sourceChannels
    let scratch = UnsafeMutablePointer<Float>.allocate(capacity: chunkFrames * stride)
    defer { scratch.deallocate() }
    while builder.frameCount < expectedFrames {
      let wanted = min(chunkFrames, expectedFrames - builder.frameCount)
      let got = Int(sf_readf_float(handle, scratch, sf_count_t(wanted)))
      guard got > 0 else { break }
      try SampleValueCheck.requirePlayable(
        scratch, frames: got, channels: stride, firstFrame: builder.frameCount, path: path)
      builder.append(interleaved: scratch, frames: got)
      if got < wanted { break }
    }
    if builder.frameCount < expectedFrames, sf_error(handle) != 0 {
      throw .readFailed(
        path: path, frame: builder.frameCount, detail: String(cString: sf_strerror(handle)))
    }
    if builder.frameCount == 0 {
      throw .readFailed(path: path, frame: 0, detail: "no audio frames could be read")
    }
  }

  private static func containerMetadata(
    path: String, container: SampleFileProbe.Container
  ) -> SampleMetadata? {
    switch container {
    case .riffWave: return ContainerMetadata.wavSmpl(path: path)
    case .flac: return ContainerMetadata.flacForeignSmpl(path: path)
    case .wavPack, .other: return nil
    }
  }

  /// libsndfile's view of loops and tuning: the only source for AIFF `INST`/`MARK`. Its loop ends
  /// are already exclusive (it adds one to a WAV `smpl` end; AIFF markers sit between frames).
  /// `detune` is read as AIFF defines it, a playback correction, hence the sign flip.
  static func instrument(_ handle: OpaquePointer) -> SampleMetadata? {
    var instrument = SF_INSTRUMENT()
    let size = Int32(MemoryLayout<SF_INSTRUMENT>.size)
    guard sf_command(handle, Int32(SFC_GET_INSTRUMENT), &instrument, size) == SF_TRUE else {
      return nil
    }
    let baseNote = Int(instrument.basenote)
    var metadata = SampleMetadata(
      rootKey: (0...127).contains(baseNote) ? baseNote : nil,
      fineTuneCents: -Double(instrument.detune)
    )
    if let forward = firstForwardLoop(of: instrument) {
      metadata.loop = forward
    }
    return metadata
  }

  /// Swift does not import `SF_INSTRUMENT.loops` (an array of an anonymous struct), so the loop
  /// records are read from the struct's bytes: they follow `loop_count`, each four 32-bit fields
  /// (mode, start, end, play count).
  private static func firstForwardLoop(of instrument: SF_INSTRUMENT) -> SampleLoop? {
    guard let countOffset = MemoryLayout<SF_INSTRUMENT>.offset(of: \.loop_count) else {
      return nil
    }
    let loopsOffset = countOffset + MemoryLayout<Int32>.size
    let recordSize = 4 * MemoryLayout<UInt32>.size
    let storedLoops = (MemoryLayout<SF_INSTRUMENT>.size - loopsOffset) / recordSize
    let count = min(Int(max(instrument.loop_count, 0)), storedLoops)
    return withUnsafeBytes(of: instrument) { raw in
      for index in 0..<count {
        let base = loopsOffset + index * recordSize
        let mode = raw.loadUnaligned(fromByteOffset: base, as: Int32.self)
        guard mode == Int32(SF_LOOP_FORWARD) else { continue }
        let start = raw.loadUnaligned(fromByteOffset: base + 4, as: UInt32.self)
        let end = raw.loadUnaligned(fromByteOffset: base + 8, as: UInt32.self)
        return SampleLoop(start: Int(start), end: Int(end))
      }
      return nil
    }
  }
}
