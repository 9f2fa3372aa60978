import CSamplerCore

/// Copies decoded samples and regions into the engine's C instrument (`sc_instrument`), off the
/// audio thread; the SFZ module's `InstrumentBuilder` builds the parsed `SFZInstrument` instead.
struct EngineInstrumentBuilder: ~Copyable {
  private(set) var pointer: OpaquePointer?
  let label: String

  /// Starts an empty instrument; `label` names it in errors.
  init(label: String) throws(SamplerError) {
    guard let p = sc_instrument_create() else { throw .outOfMemory(path: label) }
    pointer = p
    self.label = label
  }

  deinit { if let pointer { sc_instrument_destroy(pointer) } }

  /// Adds one sample (its file loop too), in the format it was decoded in, and returns its index.
  ///
  /// With a `streamKey`, the audio holds only the first frames of the file, whose length is
  /// `fileFrameCount`: the rest is streamed from the file the key names.
  mutating func add(_ audio: DecodedAudio, source: String, streamKey: UInt64 = 0)
    throws(SamplerError) -> Int
  {
    let index = Int(sc_instrument_reserve_samples(pointer, 1))
    guard index >= 0 else { throw .outOfMemory(path: label) }
    try slots.set(index, to: audio, source: source, streamKey: streamKey)
    return index
  }

  /// Appends `count` empty sample slots for `slots` to fill, and returns the first one's index.
  mutating func reserveSamples(_ count: Int) throws(SamplerError) -> Int {
    let first = sc_instrument_reserve_samples(pointer, UInt32(count))
    guard first >= 0 else { throw .outOfMemory(path: label) }
    return Int(first)
  }

  /// Fills reserved slots, from any thread, one slot per call: loaders copy each sample in as
  /// soon as it is decoded and free their own buffer, so decoded copies never pile up (in glibc,
  /// buffers freed on worker threads would otherwise stay resident at the top of their heaps).
  var slots: SampleSlots { SampleSlots(instrument: pointer!) }

  /// Bytes of sample memory the instrument holds so far.
  var sampleBytes: UInt64 { sc_instrument_sample_bytes(pointer) }

  /// Adds a region and returns its index.
  @discardableResult
  mutating func add(_ region: sc_region) throws(SamplerError) -> Int {
    var copy = region
    let index = sc_instrument_add_region(pointer, &copy)
    guard index >= 0 else { throw .outOfMemory(path: label) }
    return Int(index)
  }

  /// Adds a modulation to the region at `region`; false when the engine rejects its values.
  mutating func add(_ modulation: sc_modulation, toRegion region: Int) -> Bool {
    var copy = modulation
    return sc_instrument_add_modulation(pointer, UInt32(region), &copy)
  }

  /// Defines curve `index` from 128 points.
  mutating func setCurve(_ index: Int, _ points: [Float]) -> Bool {
    guard points.count == 128, index >= 0 else { return false }
    return points.withUnsafeBufferPointer {
      sc_instrument_set_curve(pointer, UInt32(index), $0.baseAddress)
    }
  }

  /// Sets the value (0...1) a controller takes on every channel when the engine adopts the
  /// instrument (SFZ `set_ccN`).
  mutating func setInitialController(_ controller: Int, to value: Double) {
    _ = sc_instrument_set_initial_cc(pointer, UInt32(controller), Float(value))
  }

  /// Finalizes and hands over the instrument; returns the number of regions the engine clamped.
  /// Throws when memory runs out, so a half-built instrument never reaches the engine.
  consuming func finish() throws(SamplerError) -> (instrument: OpaquePointer, clampedRegions: Int) {
    let clamped = sc_instrument_finalize(pointer)
    guard clamped != SC_FINALIZE_FAILED else { throw .outOfMemory(path: label) }
    let p = pointer!
    pointer = nil
    return (p, Int(clamped))
  }
}

extension SampleFormat {
  /// The engine's name for the format.
  var core: sc_sample_format {
    switch self {
    case .float32: return SC_SAMPLE_FLOAT32
    case .int16: return SC_SAMPLE_INT16
    }
  }
}

/// Writes decoded samples into an instrument's reserved slots; different slots may be written
/// from different threads at once (`sc_instrument_set_sample_data`).
struct SampleSlots: @unchecked Sendable {
  let instrument: OpaquePointer

  /// Copies `audio` into the empty slot `index`.
  func set(_ index: Int, to audio: DecodedAudio, source: String, streamKey: UInt64 = 0)
    throws(SamplerError)
  {
    let loop = audio.loop
    let streamed = streamKey != 0
    let stored: Bool = audio.samples.withChannelPointers { format, channels in
      var data = sc_sample_data(
        format: format.core, channels: channels.baseAddress, channel_count: UInt32(channels.count),
        frame_count: UInt64(streamed ? audio.fileFrameCount : audio.frameCount),
        sample_rate: audio.sampleRate,
        has_loop: loop != nil, loop_start: UInt64(loop?.start ?? 0),
        loop_end: UInt64(max((loop?.end ?? 1) - 1, 0)),
        resident_frames: streamed ? UInt64(audio.frameCount) : 0, stream_key: streamKey)
      return sc_instrument_set_sample_data(instrument, UInt32(index), &data)
    }
    guard stored else {
      throw .sampleUnreadable(path: source, reason: "the engine refused the decoded audio")
    }
  }
}
