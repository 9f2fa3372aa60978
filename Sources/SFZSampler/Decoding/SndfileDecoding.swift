import CSndfile
import Synchronization

/// Decoding through libsndfile: WAV (8/16/24/32-bit integer, 32/64-bit float), AIFF, FLAC, Ogg
/// Vorbis and the other formats the installed libsndfile reads.
enum SndfileDecoding {
  /// Frames read per libsndfile call.
  private static let chunkFrames = 8192

  /// libsndfile reports open failures through one process-wide error slot (`sf_error(NULL)`),
  /// so opens are serialised to keep concurrent decodes from reading each other's error.
  private static let openLock = Mutex(())

  /// Decodes the file at `path` (at most `frameLimit` frames when given) in the format
  /// `storageFormat(of:)` chooses.
  static func decode(
    path: String, container: SampleFileProbe.Container, frameLimit: Int? = nil
  ) throws(SampleDecodingError) -> DecodedAudio {
    let (handle, info) = try open(path: path)
    defer { sf_close(handle) }
    let fileFrames = Int(clamping: info.frames)
    let wanted = min(fileFrames, frameLimit ?? fileFrames)
    let decoded: (samples: SampleStorage, frames: Int, notes: [String])
    switch storageFormat(of: info) {
    case .int16:
      decoded = try readAll(Int16.self, handle: handle, info: info, frames: wanted, path: path)
    case .float32:
      decoded = try readAll(Float.self, handle: handle, info: info, frames: wanted, path: path)
    }
    var notes = decoded.notes
    if decoded.frames < wanted {
      notes.append("header announced \(info.frames) frames; decoded \(decoded.frames)")
    }

    let found = containerMetadata(path: path, container: container)
    notes += found.notes
    let metadata = found.metadata ?? instrument(handle)
    // A bounded decode keeps the whole file's loop: the rest is read later.
    let checked = metadata?.checkedLoop(
      frameCount: frameLimit == nil ? decoded.frames : fileFrames)
    return DecodedAudio(
      samples: decoded.samples,
      sampleRate: Double(info.samplerate),
      frameCount: decoded.frames,
      fileFrameCount: fileFrames,
      loop: checked?.loop,
      rootKey: metadata?.rootKey,
      fineTuneCents: metadata?.fineTuneCents,
      notes: notes + (checked?.notes ?? [])
    )
  }

  /// The format a file's values are kept in: 16-bit integers for integer PCM of 16 bits or
  /// fewer (libsndfile's `sf_readf_short` gives 8-bit PCM shifted up to 16 bits, so
  /// `Float(x) / 32768` is exactly what `sf_readf_float` gives), floats for everything else.
  static func storageFormat(of info: SF_INFO) -> SampleFormat {
    switch Int(info.format) & Int(SF_FORMAT_SUBMASK) {
    case Int(SF_FORMAT_PCM_16), Int(SF_FORMAT_PCM_S8), Int(SF_FORMAT_PCM_U8): return .int16
    default: return .float32
    }
  }

  /// Opens `path` for reading and checks that its header describes playable audio.
  static func open(path: String) throws(SampleDecodingError) -> (OpaquePointer, SF_INFO) {
    var info = SF_INFO()
    let result: Result<OpaquePointer, SampleDecodingError> = openLock.withLock { _ in
      if let handle = sf_open(path, Int32(SFM_READ), &info) { return .success(handle) }
      let code = Int(sf_error(nil))
      let message = String(cString: sf_strerror(nil))
      return .failure(openError(code: code, message: message, path: path))
    }
    let handle = try result.get()
    let problem: SampleDecodingError? =
      if info.channels <= 0 {
        .corruptHeader(path: path, detail: "channel count \(info.channels)")
      } else if info.samplerate <= 0 {
        .corruptHeader(path: path, detail: "sample rate \(info.samplerate)")
      } else if info.frames <= 0 {
        .noFrames(path: path)
      } else {
        nil
      }
    if let problem {
      sf_close(handle)
      throw problem
    }
    return (handle, info)
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

  /// Reads until `frames` frames or the first short read, whichever comes first: libsndfile's
  /// frame count is an estimate for some containers.
  private static func readAll<Sample: SndfileReadable>(
    _ type: Sample.Type, handle: OpaquePointer, info: SF_INFO, frames expectedFrames: Int,
    path: String
  ) throws(SampleDecodingError) -> (samples: SampleStorage, frames: Int, notes: [String]) {
    var builder = PlanarBuilder<Sample>(
      sourceChannels: Int(info.channels), expectedFrames: expectedFrames)
    let stride = builder.sourceChannels
    let scratch = UnsafeMutablePointer<Sample>.allocate(capacity: chunkFrames * stride)
    defer { scratch.deallocate() }
    while builder.frameCount < expectedFrames {
      let wanted = min(chunkFrames, expectedFrames - builder.frameCount)
      let got = Sample.readFrames(handle, into: scratch, count: wanted)
      guard got > 0 else { break }
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
    let frames = builder.frameCount
    let notes = builder.notes
    return (builder.makeStorage(), frames, notes)
  }

  private static func containerMetadata(
    path: String, container: SampleFileProbe.Container
  ) -> (metadata: SampleMetadata?, notes: [String]) {
    switch container {
    case .riffWave: return ContainerMetadata.wav(path: path)
    case .flac: return (ContainerMetadata.flacForeignSmpl(path: path), [])
    case .wavPack, .other: return (nil, [])
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

/// A sample type libsndfile reads interleaved frames into: `sf_readf_float` for `Float`,
/// `sf_readf_short` for `Int16`.
protocol SndfileReadable: PlanarSample {
  /// Reads up to `count` interleaved frames at the file's position; returns the frames read.
  static func readFrames(
    _ handle: OpaquePointer, into target: UnsafeMutablePointer<Self>, count: Int
  )
    -> Int
}

extension Float: SndfileReadable {
  static func readFrames(
    _ handle: OpaquePointer, into target: UnsafeMutablePointer<Float>, count: Int
  )
    -> Int
  {
    Int(sf_readf_float(handle, target, sf_count_t(count)))
  }
}

extension Int16: SndfileReadable {
  static func readFrames(
    _ handle: OpaquePointer, into target: UnsafeMutablePointer<Int16>, count: Int
  )
    -> Int
  {
    Int(sf_readf_short(handle, target, sf_count_t(count)))
  }
}
