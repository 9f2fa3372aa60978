import CWavPack

/// Decoding of WavPack (`.wv`) files, with loop metadata from the RIFF wrapper WavPack keeps
/// from the original WAV.
enum WavPackDecoding {
  private static let chunkFrames = 8192
  /// WavPack writes at most 80 characters of error text.
  private static let errorCapacity = 128

  static func decode(path: String, isWavPackContent: Bool) throws(SampleDecodingError)
    -> DecodedAudio
  {
    var errorText = [CChar](repeating: 0, count: errorCapacity)
    // Not OPEN_2CH_MAX: with it, WavPack 5.6 counts block errors on intact multichannel files,
    // hiding real damage. All channels are decoded and the builder keeps the first two.
    let flags = OPEN_NORMALIZE | OPEN_WRAPPER
    guard let context = WavpackOpenFileInput(path, &errorText, flags, 0) else {
      let message = String(
        decoding: errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if !isWavPackContent {
        throw .notAudio(path: path, detail: "no WavPack block header (\(message))")
      }
      throw .corruptHeader(path: path, detail: message)
    }
    defer { WavpackCloseFile(context) }

    let sampleRate = WavpackGetSampleRate(context)
    let channels = Int(WavpackGetNumChannels(context))
    let announcedFrames = WavpackGetNumSamples64(context)
    guard sampleRate > 0 else { throw .corruptHeader(path: path, detail: "sample rate 0") }
    guard channels > 0 else {
      throw .corruptHeader(path: path, detail: "channel count \(channels)")
    }
    guard announcedFrames != 0 else { throw .noFrames(path: path) }

    var builder = PlanarBuilder(
      sourceChannels: channels, expectedFrames: Int(clamping: announcedFrames))
    var notes = builder.droppedChannelNotes
    let format = SampleFormat(
      isFloat: WavpackGetMode(context) & MODE_FLOAT != 0,
      bytesPerSample: Int(WavpackGetBytesPerSample(context)))
    try readAll(context: context, path: path, format: format, into: &builder)
    if announcedFrames > 0, builder.frameCount < announcedFrames {
      notes.append("header announced \(announcedFrames) frames; decoded \(builder.frameCount)")
    }

    let metadata = wrapperMetadata(context)
    let checked = metadata?.checkedLoop(frameCount: builder.frameCount)
    return DecodedAudio(
      channels: builder.makeChannels(),
      sampleRate: Double(sampleRate),
      frameCount: builder.frameCount,
      loop: checked?.loop,
      rootKey: metadata?.rootKey,
      fineTuneCents: metadata?.fineTuneCents,
      notes: notes + (checked?.notes ?? [])
    )
  }

  /// How WavPack's 32-bit integers map to floats. Integer samples come right-justified, so
  /// dividing by 2^(bits - 1) matches libsndfile's scaling of the same PCM exactly.
  private struct SampleFormat {
    var isFloat: Bool
    var bytesPerSample: Int

    var integerScale: Float {
      1 / Float(1 << (max(1, min(bytesPerSample, 4)) * 8 - 1))
    }
  }

  private static func readAll(
    context: OpaquePointer, path: String, format: SampleFormat, into builder: inout PlanarBuilder
  ) throws(SampleDecodingError) {
    let stride = builder.sourceChannels
    let raw = UnsafeMutablePointer<Int32>.allocate(capacity: chunkFrames * stride)
    let converted = UnsafeMutablePointer<Float>.allocate(capacity: chunkFrames * stride)
    defer {
      raw.deallocate()
      converted.deallocate()
    }
    while true {
      let got = Int(WavpackUnpackSamples(context, raw, UInt32(chunkFrames)))
      guard got > 0 else { break }
      convert(raw, into: converted, count: got * stride, format)
      try SampleValueCheck.requirePlayable(
        converted, frames: got, channels: stride, firstFrame: builder.frameCount, path: path)
      builder.append(interleaved: converted, frames: got)
    }
    let errors = WavpackGetNumErrors(context)
    if errors > 0 {
      throw .readFailed(
        path: path, frame: builder.frameCount, detail: "\(errors) corrupt WavPack block(s)")
    }
    if builder.frameCount == 0 {
      throw .readFailed(path: path, frame: 0, detail: "no audio frames could be read")
    }
  }

  private static func convert(
    _ source: UnsafePointer<Int32>, into target: UnsafeMutablePointer<Float>, count: Int,
    _ format: SampleFormat
  ) {
    if format.isFloat {
      for index in 0..<count {
        target[index] = Float(bitPattern: UInt32(bitPattern: source[index]))
      }
    } else {
      let scale = format.integerScale
      for index in 0..<count { target[index] = Float(source[index]) * scale }
    }
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
