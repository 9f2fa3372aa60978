import CSamplerCore

/// A decoded sample waiting in the sampler for a key map, with the descriptor that maps it.
struct LoadedSample: Sendable {
  var audio: DecodedAudio
  var descriptor: SampleDescriptor
  /// The file path, or a label for raw data, for messages.
  var source: String
}

extension LoadedSample {
  /// The frame a descriptor point names: a fraction of the length up to 1, a frame number above.
  /// nil for NaN, infinity and numbers past `Int.max`, which name no frame (converting them to
  /// `Int` would trap).
  static func frame(_ point: Float, frameCount: Int) -> Int? {
    guard point.isFinite else { return nil }
    if point <= 1 { return Int((Double(max(point, 0)) * Double(frameCount - 1)).rounded()) }
    return Int(exactly: point.rounded(.towardZero))
  }

  /// Checks the descriptor against the audio and returns the region it describes (keys and
  /// velocities are set by the key map).
  func region(sampleIndex: Int, envelope: sc_envelope_params) throws(SamplerError) -> sc_region {
    let d = descriptor
    let frames = audio.frameCount
    guard (0...127).contains(d.noteNumber) else {
      throw .invalidDescriptor(path: source, reason: "note number \(d.noteNumber) is not 0...127")
    }
    guard d.noteFrequency > 0, d.noteFrequency.isFinite else {
      throw .invalidDescriptor(
        path: source, reason: "note frequency \(d.noteFrequency) Hz is not a positive number")
    }
    var r = sc_region()
    sc_region_init(&r)
    r.sample_index = UInt32(sampleIndex)
    r.pitch_keycenter = Float(d.noteNumber)
    // The sample sounds at noteFrequency; the engine assumes the 12-TET pitch of its root key.
    r.tune = Float(100 * Double(d.noteNumber) - Tuning.cents(ofFrequency: Double(d.noteFrequency)))
    r.ampeg = envelope
    guard let start = Self.frame(d.startPoint, frameCount: frames),
      let end = d.endPoint == 0 ? frames - 1 : Self.frame(d.endPoint, frameCount: frames),
      start >= 0, start <= end, end < frames
    else {
      throw .invalidDescriptor(
        path: source,
        reason: "start/end points \(d.startPoint)...\(d.endPoint) lie outside the sample's "
          + "\(frames) frames")
    }
    r.offset = UInt64(start)
    r.end = UInt64(end)
    guard d.isLooping else { return r }
    r.loop_mode = SC_LOOP_ENGINE
    if d.loopStartPoint == 0 && d.loopEndPoint == 0 { return r }
    let loopStart = Self.frame(d.loopStartPoint, frameCount: frames)
    let loopEnd = Self.frame(d.loopEndPoint, frameCount: frames)
    guard let loopStart, let loopEnd, loopStart >= 0, loopStart < loopEnd, loopEnd < frames else {
      let named = [loopStart, loopEnd].map { $0.map(String.init) ?? "none" }
      throw .invalidDescriptor(
        path: source,
        reason: "loop points \(d.loopStartPoint)...\(d.loopEndPoint) (frames \(named[0])..."
          + "\(named[1])) lie outside the sample's \(frames) frames")
    }
    r.loop_start = UInt64(loopStart)
    r.loop_end = UInt64(loopEnd)
    return r
  }
}
