import CSndfile
import CWavPack

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One open sample file read piece by piece, for streaming: WAV, AIFF, FLAC and the other
/// seekable formats libsndfile reads, or WavPack.
///
/// Frames come out interleaved, in the kept channels (the first two, as `DecodedAudio` keeps)
/// and in `format`, with exactly the values a whole-file `SampleDecoder.decode` gives for the
/// same frames: the same conversion, the same dropped channels, the same silencing of
/// unplayable float values. Reading on from where the last read ended does not seek.
///
/// One instance per open file, used by one thread at a time (it holds the decoder's read
/// position): open it on the thread that reads, or hand it over and never touch it again from
/// the first thread. The file closes when the instance is released.
///
/// ```swift
/// let stream = try SampleStreamDecoder(path: "Piano/C4.flac")
/// let buffer = UnsafeMutableRawPointer.allocate(
///   byteCount: 4_096 * stream.bytesPerFrame, alignment: 4)
/// let got = try stream.read(from: 65_536, count: 4_096, into: buffer)  // seeks once
/// let next = try stream.read(from: 65_536 + got, count: 4_096, into: buffer)  // no seek
/// ```
final class SampleStreamDecoder {
  /// The file, for errors.
  let path: String
  /// Sample rate in Hz, as stored in the file.
  let sampleRate: Double
  /// Channels per frame read: the file's first two (or its only one).
  let channelCount: Int
  /// The type of the values read: `.int16` (`Int16`) for integer sources of 16 bits or fewer,
  /// `.float32` (`Float`) for everything else, the rule `SampleDecoder.decode` follows.
  let format: SampleFormat
  /// The file's length in frames, from its header.
  let frameCount: Int
  /// Bytes one frame takes in the buffer `read` fills.
  var bytesPerFrame: Int { channelCount * format.bytesPerSample }
  /// Seeks made so far: reads that did not start where the last one ended.
  private(set) var seekCount = 0

  private enum Source {
    case sndfile(OpaquePointer)
    case wavPack(WavPackDecoding.OpenFile, raw: UnsafeMutablePointer<Int32>)
  }

  /// Frames per decoder call, and the size of `chunk`.
  private static let chunkFrames = WavPackDecoding.chunkFrames
  private let source: Source
  /// Channels per frame in the file.
  private let sourceChannels: Int
  /// The next frame the decoder delivers without seeking; nil after a failed seek.
  private var position: Int? = 0
  /// Interleaved frames of all the file's channels, as `format` says.
  private let chunk: UnsafeMutableRawPointer

  /// Opens the file at `path`, choosing the decoder from its content, and reads its header.
  ///
  /// Throws what `SampleDecoder.decode` throws for a file it cannot open, and
  /// `.unsupportedEncoding` for a file that cannot seek or (WavPack) does not give its length.
  init(path: String) throws(SampleDecodingError) {
    self.path = path
    if try SampleFileProbe.container(ofFileAt: path) == .wavPack {
      let file = try WavPackDecoding.open(path: path, isWavPackContent: true)
      let frames = Int(WavpackGetNumSamples64(file.context))
      guard frames > 0 else {
        WavpackCloseFile(file.context)
        throw .unsupportedEncoding(
          path: path,
          detail: "WavPack file of unknown length (written through a pipe); "
            + "it can be decoded whole but not streamed")
      }
      sampleRate = Double(WavpackGetSampleRate(file.context))
      sourceChannels = file.channels
      format = file.layout.storageFormat
      frameCount = frames
      source = .wavPack(
        file, raw: .allocate(capacity: Self.chunkFrames * file.channels))
    } else {
      let (handle, info) = try SndfileDecoding.open(path: path)
      guard info.seekable != 0 else {
        sf_close(handle)
        throw .unsupportedEncoding(path: path, detail: "libsndfile cannot seek in this file")
      }
      sampleRate = Double(info.samplerate)
      sourceChannels = Int(info.channels)
      format = SndfileDecoding.storageFormat(of: info)
      frameCount = Int(clamping: info.frames)
      source = .sndfile(handle)
    }
    channelCount = min(sourceChannels, SampleDecoder.maximumChannels)
    let chunkValues = Self.chunkFrames * sourceChannels
    chunk = .allocate(byteCount: chunkValues * format.bytesPerSample, alignment: 4)
    switch format {
    case .float32: chunk.bindMemory(to: Float.self, capacity: chunkValues)
    case .int16: chunk.bindMemory(to: Int16.self, capacity: chunkValues)
    }
  }

  deinit {
    switch source {
    case .sndfile(let handle): sf_close(handle)
    case .wavPack(let file, let raw):
      WavpackCloseFile(file.context)
      raw.deallocate()
    }
    chunk.deallocate()
  }

  /// Decodes `count` frames starting at `frame` into `buffer`, interleaved (`channelCount`
  /// values per frame, `Int16` or `Float` as `format` says; `count * bytesPerFrame` bytes),
  /// seeking only when `frame` is not where the last read ended.
  ///
  /// - Returns: the frames written: `count`, or fewer at the end of the file (0 from
  ///   `frameCount` on).
  /// - Throws: `.readFailed` when the decoder cannot seek there or meets damaged data.
  func read(from frame: Int, count: Int, into buffer: UnsafeMutableRawPointer)
    throws(SampleDecodingError) -> Int
  {
    precondition(frame >= 0 && count >= 0, "negative frame \(frame) or count \(count)")
    let wanted = min(count, max(0, frameCount - frame))
    guard wanted > 0 else { return 0 }
    if position != frame { try seek(to: frame) }
    let values = wanted * channelCount
    switch format {
    case .float32:
      return try read(wanted, into: buffer.bindMemory(to: Float.self, capacity: values))
    case .int16:
      return try read(wanted, into: buffer.bindMemory(to: Int16.self, capacity: values))
    }
  }

  private func seek(to frame: Int) throws(SampleDecodingError) {
    position = nil
    seekCount += 1
    let done: Bool
    switch source {
    case .sndfile(let handle): done = sf_seek(handle, sf_count_t(frame), SEEK_SET) == frame
    case .wavPack(let file, _): done = WavpackSeekSample64(file.context, Int64(frame)) != 0
    }
    guard done else {
      throw .readFailed(path: path, frame: frame, detail: "cannot seek to frame \(frame)")
    }
    position = frame
  }

  private func read<Sample: SndfileReadable & WavPackConvertible>(
    _ count: Int, into target: UnsafeMutablePointer<Sample>
  ) throws(SampleDecodingError) -> Int {
    let interleaved = chunk.assumingMemoryBound(to: Sample.self)
    let start = position ?? 0
    var done = 0
    while done < count {
      let wanted = min(Self.chunkFrames, count - done)
      let got: Int
      switch source {
      case .sndfile(let handle):
        got = Sample.readFrames(handle, into: interleaved, count: wanted)
      case .wavPack(let file, let raw):
        got = WavPackDecoding.unpack(file, frames: wanted, raw: raw, into: interleaved)
      }
      guard got > 0 else { break }
      let output = target + done * channelCount
      for channel in 0..<channelCount {
        Sample.copyChannel(
          channel, of: interleaved, sourceStride: sourceChannels, frames: got,
          to: output + channel, targetStride: channelCount)
      }
      _ = Sample.silenceUnplayable(output, count: got * channelCount)
      done += got
      position = start + done
      if got < wanted { break }
    }
    try checkErrors(at: start + done)
    return done
  }

  private func checkErrors(at frame: Int) throws(SampleDecodingError) {
    switch source {
    case .sndfile(let handle):
      guard sf_error(handle) != 0 else { return }
      position = nil
      throw .readFailed(path: path, frame: frame, detail: String(cString: sf_strerror(handle)))
    case .wavPack(let file, _):
      let errors = WavpackGetNumErrors(file.context)
      guard errors > 0 else { return }
      position = nil
      throw .readFailed(path: path, frame: frame, detail: "\(errors) corrupt WavPack block(s)")
    }
  }
}
