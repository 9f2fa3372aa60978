import CWavPack

/// Decoding of WavPack (`.wv`) files, with loop metadata from the RIFF wrapper WavPack keeps
/// from the original WAV.
enum WavPackDecoding {
  /// Frames unpacked per WavPack call.
  static let chunkFrames = 8192
  /// WavPack writes at most 80 characters of error text.
  private static let errorCapacity = 128

  /// Decodes the file at `path` (at most `frameLimit` frames when given, unless the file does not
  /// say how long it is); `isWavPackContent` tells whether the probe saw a WavPack header, which
  /// decides the error for a file WavPack cannot open.
  static func decode(path: String, isWavPackContent: Bool, frameLimit: Int? = nil)
    throws(SampleDecodingError) -> DecodedAudio
  {
    let opened = try open(path: path, isWavPackContent: isWavPackContent)
    let context = opened.context
    defer { WavpackCloseFile(context) }
    // -1 when the file does not say (written through a pipe): then everything is decoded.
    let announcedFrames = Int(WavpackGetNumSamples64(context))
    let limit = announcedFrames > 0 ? frameLimit : nil
    let wanted = min(limit ?? Int.max, announcedFrames > 0 ? announcedFrames : Int.max)

    let decoded: (samples: SampleStorage, frames: Int, notes: [String])
    switch opened.layout.storageFormat {
    case .int16:
      decoded = try readAll(Int16.self, opened, frames: wanted, path: path)
    case .float32:
      decoded = try readAll(Float.self, opened, frames: wanted, path: path)
    }
    var notes = decoded.notes
    if announcedFrames > 0, decoded.frames < wanted {
      notes.append("header announced \(announcedFrames) frames; decoded \(decoded.frames)")
    }

    let fileFrames = announcedFrames > 0 ? announcedFrames : decoded.frames
    let metadata = wrapperMetadata(context)
    // A bounded decode keeps the whole file's loop: the rest is read later.
    let checked = metadata?.checkedLoop(frameCount: limit == nil ? decoded.frames : fileFrames)
    return DecodedAudio(
      samples: decoded.samples,
      sampleRate: Double(WavpackGetSampleRate(context)),
      frameCount: decoded.frames,
      fileFrameCount: fileFrames,
      loop: checked?.loop,
      rootKey: metadata?.rootKey,
      fineTuneCents: metadata?.fineTuneCents,
      notes: notes + (checked?.notes ?? [])
    )
  }

  /// An open WavPack file, its channel count and how its values come out of the unpacker.
  struct OpenFile {
    /// The WavPack context; the caller closes it with `WavpackCloseFile`.
    var context: OpaquePointer
    /// Channels in the file (all of them are unpacked).
    var channels: Int
    /// How the file's values are stored.
    var layout: Layout
  }

  /// How WavPack's 32-bit unpacked values map to kept values. Integer samples come
  /// right-justified in `bytesPerSample` bytes, so dividing by 2^(8 bytesPerSample - 1) matches
  /// libsndfile's scaling of the same PCM exactly.
  struct Layout {
    /// The values are IEEE floats (their bits in the 32-bit words).
    var isFloat: Bool
    /// Bytes per sample of the source, 1...4.
    var bytesPerSample: Int

    /// 16-bit integers for integer sources of 1 or 2 bytes, floats for the rest.
    var storageFormat: SampleFormat {
      !isFloat && bytesPerSample <= 2 ? .int16 : .float32
    }

    /// Bits per unpacked integer value: 8 times the bytes per sample, 8...32.
    var bits: Int { max(1, min(bytesPerSample, 4)) * 8 }
  }

  /// Opens `path` with the flags every WavPack read uses and checks its header.
  static func open(path: String, isWavPackContent: Bool) throws(SampleDecodingError) -> OpenFile {
    var errorText = [CChar](repeating: 0, count: errorCapacity)
    // Not OPEN_2CH_MAX: with it, WavPack 5.6 counts block errors on intact multichannel files,
    // hiding real damage. All channels are decoded and the first two kept.
    let flags = OPEN_NORMALIZE | OPEN_WRAPPER
    guard let context = WavpackOpenFileInput(path, &errorText, flags, 0) else {
      let message = String(
        decoding: errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if !isWavPackContent {
        throw .notAudio(path: path, detail: "no WavPack block header (\(message))")
      }
      throw .corruptHeader(path: path, detail: message)
    }
    let channels = Int(WavpackGetNumChannels(context))
    let problem: SampleDecodingError? =
      if WavpackGetSampleRate(context) == 0 {
        .corruptHeader(path: path, detail: "sample rate 0")
      } else if channels <= 0 {
        .corruptHeader(path: path, detail: "channel count \(channels)")
      } else if WavpackGetNumSamples64(context) == 0 {
        .noFrames(path: path)
      } else {
        nil
      }
    if let problem {
      WavpackCloseFile(context)
      throw problem
    }
    let layout = Layout(
      isFloat: WavpackGetMode(context) & MODE_FLOAT != 0,
      bytesPerSample: Int(WavpackGetBytesPerSample(context)))
    return OpenFile(context: context, channels: channels, layout: layout)
  }

  /// Unpacks up to `frames` interleaved frames (at most `chunkFrames`) at the file's position
  /// into `target`, converted to `Sample`; `raw` holds `chunkFrames * channels` words of
  /// scratch. Returns the frames unpacked.
  static func unpack<Sample: WavPackConvertible>(
    _ file: OpenFile, frames: Int, raw: UnsafeMutablePointer<Int32>,
    into target: UnsafeMutablePointer<Sample>
  ) -> Int {
    let wanted = min(frames, chunkFrames)
    let got = Int(WavpackUnpackSamples(file.context, raw, UInt32(wanted)))
    if got > 0 { Sample.convert(raw, count: got * file.channels, file.layout, into: target) }
    return got
  }

  private static func readAll<Sample: WavPackConvertible>(
    _ type: Sample.Type, _ file: OpenFile, frames expectedFrames: Int, path: String
  ) throws(SampleDecodingError) -> (samples: SampleStorage, frames: Int, notes: [String]) {
    var builder = PlanarBuilder<Sample>(
      sourceChannels: file.channels, expectedFrames: expectedFrames)
    let stride = file.channels
    let raw = UnsafeMutablePointer<Int32>.allocate(capacity: chunkFrames * stride)
    let converted = UnsafeMutablePointer<Sample>.allocate(capacity: chunkFrames * stride)
    defer {
      raw.deallocate()
      converted.deallocate()
    }
    while builder.frameCount < expectedFrames {
      let got = unpack(
        file, frames: expectedFrames - builder.frameCount, raw: raw, into: converted)
      guard got > 0 else { break }
      builder.append(interleaved: converted, frames: got)
    }
    let errors = WavpackGetNumErrors(file.context)
    if errors > 0 {
      throw .readFailed(
        path: path, frame: builder.frameCount, detail: "\(errors) corrupt WavPack block(s)")
    }
    if builder.frameCount == 0 {
      throw .readFailed(path: path, frame: 0, detail: "no audio frames could be read")
    }
    let frames = builder.frameCount
    let notes = builder.notes
    return (builder.makeStorage(), frames, notes)
  }

  /// The RIFF header and trailer WavPack stored from the source WAV, searched for `smpl`.
  private static func wrapperMetadata(_ context: OpaquePointer) -> SampleMetadata? {
    WavpackSeekTrailingWrapper(context)
    let count = Int(WavpackGetWrapperBytes(context))
    guard count > 0, let data = WavpackGetWrapperData(context) else { return nil }
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    return RIFFChunks.smplMetadata(in: bytes, dataPayloadIncluded: false)
  }
}

/// A sample type WavPack's unpacked 32-bit words convert to.
protocol WavPackConvertible: PlanarSample {
  /// Converts `count` unpacked words of a file with `layout` into `target`.
  static func convert(
    _ source: UnsafePointer<Int32>, count: Int, _ layout: WavPackDecoding.Layout,
    into target: UnsafeMutablePointer<Self>)
}

extension Float: WavPackConvertible {
  /// Float files give their bits; integers are scaled so that full scale maps to 1.0.
  static func convert(
    _ source: UnsafePointer<Int32>, count: Int, _ layout: WavPackDecoding.Layout,
    into target: UnsafeMutablePointer<Float>
  ) {
    if layout.isFloat {
      for index in 0..<count {
        target[index] = Float(bitPattern: UInt32(bitPattern: source[index]))
      }
    } else {
      let scale = 1 / Float(Int64(1) << (layout.bits - 1))
      for index in 0..<count { target[index] = Float(source[index]) * scale }
    }
  }
}

extension Int16: WavPackConvertible {
  /// Integers of 8 or 16 bits, shifted up to 16 bits (8-bit `x` becomes `256 x`, so the float
  /// the engine makes of it, `x / 128`, is the one the float path gives).
  static func convert(
    _ source: UnsafePointer<Int32>, count: Int, _ layout: WavPackDecoding.Layout,
    into target: UnsafeMutablePointer<Int16>
  ) {
    let shift = Int32(16 - Swift.min(layout.bits, 16))
    for index in 0..<count { target[index] = Self(clamping: source[index] << shift) }
  }
}
