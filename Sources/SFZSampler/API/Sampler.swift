import CSamplerCore
import Foundation

/// A polyphonic sampler: load samples (raw, audio files, WavPack) or an SFZ instrument, then play
/// notes and render audio from the audio thread.
///
/// Every MIDI channel starts in the General MIDI power-on state, as ARIA and sfizz do: volume
/// (CC7) 100, which is -4.1 dB through the squared volume law and leaves headroom for chords of
/// full-scale samples; expression (CC11) 127; pan (CC10) centred. Send
/// `controlChange(controller: 7, value: 127)` for unity gain. An SFZ instrument that maps CC7,
/// CC10 or CC11 itself (`amplitude_oncc7=...`) replaces these default laws.
///
/// Loading and key-map calls build the new instrument on the calling thread and swap it in
/// atomically, so they are safe while another thread renders. `play`, `stop` and the controller
/// calls reach the render thread through a lock-free queue. `render` is real-time safe.
///
/// Threads: every method and property may be used from any thread, except that `render` must be
/// called from one thread at a time (the audio thread) and control calls must not be made from
/// it, since they take locks and free memory.
///
/// ```swift
/// let sampler = Sampler(sampleRate: 48_000)
/// try sampler.loadAudioFile(from: descriptor, path: "/samples/C4.wav")
/// sampler.buildKeyMap()
/// sampler.play(noteNumber: 60, velocity: 100)
/// sampler.render(frameCount: 256, left: left, right: right)
/// ```
public final class Sampler: @unchecked Sendable {
  /// The output sample rate.
  public let sampleRate: Double
  /// Voices that may sound at once; more notes steal the oldest or released ones. The
  /// `voice.polyphony` parameter (``SamplerParameter/polyphony``) can lower it.
  public let maximumPolyphony: Int
  /// The interpolation the sampler was made with: the default of the `voice.quality` parameter
  /// (``SamplerParameter/quality``).
  public let quality: InterpolationQuality
  /// Whether and how samples are streamed from disk.
  public let streaming: StreamingSettings

  /// Every engine-wide control: master volume, envelopes, filter, vibrato, tuning, voices
  /// (``ParameterTree``). The AKSampler-style properties (``masterVolume``,
  /// ``attackDuration``, ...) read and write the same values.
  public let parameters: ParameterTree

  let engine: EngineHandle
  /// Guards `samples`, `currentTuning`, `instrumentFile` and `selectedPreset`: every public call
  /// may come from any thread. Taken before the engine's own producer lock, never after it.
  let lock = NSLock()
  private var samples: [LoadedSample] = []
  /// The tuning the control thread last gave the engine (Sampler+Tuning.swift).
  var currentTuning = Tuning.equalTemperament
  /// The SFZ file playing and the presets it brought (Sampler+Presets.swift); under `lock`.
  var instrumentFile: LoadedInstrumentFile?
  /// The preset last chosen, or restored with a state; under `lock`.
  var selectedPreset: SamplerPreset? = FactoryPresets.default
  /// The MPE state of `receiveMIDI`'s input; under `lock` (Sampler+MPE.swift).
  var mpe = MPEReceiver()
  /// Under `lock`: `isRenderingOffline`, and the streamed samples and sample bytes of the
  /// current SFZ instrument (Sampler+Streaming.swift).
  var offline = false
  var streamedSamples = 0
  var residentSampleBytes = 0

  /// Creates a sampler with no instrument (it renders silence).
  ///
  /// - Parameters:
  ///   - sampleRate: the output rate in Hz.
  ///   - maximumPolyphony: voices that may sound at once, 1...4096.
  ///   - quality: interpolation; Hermite by default, sinc for offline rendering.
  ///   - streaming: when SFZ instruments stream their samples from disk; by default only those
  ///     too large for memory (``StreamingSettings``).
  ///   - keepsInaudibleVoices: play every voice until its envelope or sample ends. By default a
  ///     voice ends as soon as what is left of it could no longer reach -100 dBFS, which only a
  ///     sample held whole can tell; set this where a streamed render must equal the in-memory
  ///     one bit for bit.
  public init(
    sampleRate: Double = 48_000, maximumPolyphony: Int = 64,
    quality: InterpolationQuality = .hermite, streaming: StreamingSettings = StreamingSettings(),
    keepsInaudibleVoices: Bool = false
  ) {
    self.sampleRate = sampleRate
    self.maximumPolyphony = min(max(maximumPolyphony, 1), Int(sc_max_polyphony()))
    self.quality = quality
    self.streaming = streaming
    engine = EngineHandle(
      sampleRate: sampleRate, maximumPolyphony: maximumPolyphony, quality: quality.core,
      ringFrames: streaming.mode == .never ? 0 : streaming.ringFrames,
      keepsInaudibleVoices: keepsInaudibleVoices)
    parameters = ParameterTree(engine: engine)
  }

  // MARK: Samples and key maps

  /// Adds a sample from floats in memory. Call ``buildKeyMap()`` or ``buildSimpleKeyMap()`` when
  /// every sample is added. Non-finite values are refused (the error says where); the result
  /// lists what was changed on the way, such as channels beyond two dropped.
  @discardableResult
  public func loadRawSampleData(from descriptor: SampleDataDescriptor) throws(SamplerError)
    -> [String]
  {
    let label = "raw sample data (note \(descriptor.sampleDescriptor.noteNumber))"
    let audio: DecodedAudio
    do {
      audio = try SampleDecoder.fromRaw(
        data: descriptor.data, channelCount: descriptor.channelCount,
        isInterleaved: descriptor.isInterleaved, sampleCount: descriptor.sampleCount,
        sampleRate: descriptor.sampleRate, name: label)
    } catch {
      throw .sampleUnreadable(path: label, reason: error.description)
    }
    try add(LoadedSample(audio: audio, descriptor: descriptor.sampleDescriptor, source: label))
    return audio.notes.map { "\(label): \($0)" }
  }

  /// Adds a sample from a WAV, AIFF, FLAC or Ogg file (or WavPack, recognised by its content).
  /// Loop points stored in the file are used when the descriptor loops without giving points.
  ///
  /// - Returns: what the decoder had to repair, each naming the file (NaN or infinite values
  ///   silenced, a truncated data chunk, loop points that did not fit); empty for a clean file.
  @discardableResult
  public func loadAudioFile(from descriptor: SampleDescriptor, path: String) throws(SamplerError)
    -> [String]
  {
    let audio: DecodedAudio
    do {
      audio = try SampleDecoder.decode(path: path)
    } catch {
      throw .sampleUnreadable(path: path, reason: error.description)
    }
    try add(LoadedSample(audio: audio, descriptor: descriptor, source: path))
    return audio.notes.map { "\(path): \($0)" }
  }

  /// Adds a sample from a WavPack (`.wv`) file; returns what the decoder repaired, as
  /// ``loadAudioFile(from:path:)`` does.
  @discardableResult
  public func loadCompressedSampleFile(from descriptor: SampleFileDescriptor) throws(SamplerError)
    -> [String]
  {
    let audio: DecodedAudio
    do {
      audio = try SampleDecoder.decodeWavPack(path: descriptor.path)
    } catch {
      throw .sampleUnreadable(path: descriptor.path, reason: error.description)
    }
    try add(
      LoadedSample(audio: audio, descriptor: descriptor.sampleDescriptor, source: descriptor.path))
    return audio.notes.map { "\(descriptor.path): \($0)" }
  }

  private func add(_ sample: LoadedSample) throws(SamplerError) {
    // Check the descriptor now, so the error names the sample that is wrong.
    _ = try sample.region(sampleIndex: 0, envelope: Self.keyMapBaseEnvelope)
    lock.withLock { samples.append(sample) }
  }

  /// Maps every added sample over its own note and velocity ranges and starts using the result.
  /// Where ranges overlap, the sample added first plays.
  ///
  /// - Returns: false when memory ran out building the map; the previous instrument plays on.
  @discardableResult
  public func buildKeyMap() -> Bool {
    let current = lock.withLock { samples }
    return install(current, entries: KeyMap.explicit(current.map(\.descriptor)))
  }

  /// Maps every key to the added sample whose root frequency is nearest, and starts using it.
  ///
  /// - Returns: false when memory ran out building the map; the previous instrument plays on.
  @discardableResult
  public func buildSimpleKeyMap() -> Bool {
    let (current, tuning) = lock.withLock { (samples, currentTuning) }
    // a key the tuning leaves unmapped plays nothing; it is mapped as in 12-TET
    let frequencies = (0..<128).map { tuning.frequency(ofKey: $0) ?? Tuning.frequency(ofNote: $0) }
    return install(
      current, entries: KeyMap.nearest(current.map(\.descriptor), keyFrequencies: frequencies))
  }

  private func install(_ loaded: [LoadedSample], entries: [KeyMapEntry]) -> Bool {
    guard !loaded.isEmpty else {
      lock.withLock { instrumentFile = nil }
      engine.setInstrument(nil)
      return true
    }
    do {
      let envelope = Self.keyMapBaseEnvelope
      var builder = try EngineInstrumentBuilder(label: "key map")
      var regions: [sc_region] = []
      for (index, sample) in loaded.enumerated() {
        let added = try builder.add(sample.audio, source: sample.source)
        regions.append(try sample.region(sampleIndex: added, envelope: envelope))
        precondition(added == index)
      }
      for entry in entries {
        var region = regions[entry.sample]
        region.lokey = UInt8(entry.keys.lowerBound)
        region.hikey = UInt8(entry.keys.upperBound)
        region.lovel = UInt8(entry.velocities.lowerBound)
        region.hivel = UInt8(entry.velocities.upperBound)
        try builder.add(region)
      }
      let instrument = try builder.finish().instrument
      lock.withLock { instrumentFile = nil }
      engine.setInstrument(instrument)
      return true
    } catch {
      // Every sample was checked when it was added; only memory can fail here.
      return false
    }
  }

  /// Hands a finished instrument to the engine; samples added for key maps are dropped, since
  /// the new instrument replaces whatever they built. `streamedSamples` of its samples stream;
  /// `file` is the SFZ file it came from.
  func replaceInstrument(
    _ instrument: OpaquePointer, streamedSamples: Int, file: LoadedInstrumentFile
  ) {
    lock.withLock {
      samples.removeAll()
      instrumentFile = file
      self.streamedSamples = streamedSamples
      residentSampleBytes = Int(sc_instrument_sample_bytes(instrument))
    }
    engine.setInstrument(instrument)
  }

  /// Removes every sample and instrument; the sampler falls silent (sounding voices fade out).
  ///
  /// The memory comes back once the render thread has let go of the instrument, which takes
  /// one render call plus the few milliseconds its voices need to fade: the next call to any
  /// control method (or ``freeRetiredInstruments()``) frees it. Without rendering, nothing can be
  /// freed: the audio thread may still be reading the samples.
  public func unloadAllSamples() {
    lock.withLock {
      samples.removeAll()
      instrumentFile = nil
      streamedSamples = 0
      residentSampleBytes = 0
    }
    engine.setInstrument(nil)
  }

  /// Frees the instruments the render thread has let go of (unloaded or replaced ones) and
  /// returns how many. Every control call does this too; hosts that go quiet after unloading
  /// call it to get the memory back sooner. Never call it from the render thread.
  @discardableResult
  public func freeRetiredInstruments() -> Int { engine.collectGarbage() }

  // MARK: Playing

  /// Starts a note.
  public func play(noteNumber: UInt8, velocity: UInt8, channel: UInt8 = 0) {
    engine.post(SamplerEvent.noteOn(key: noteNumber, velocity: velocity, channel: channel).raw)
  }

  /// Releases a note.
  public func stop(noteNumber: UInt8, channel: UInt8 = 0) {
    engine.post(SamplerEvent.noteOff(key: noteNumber, channel: channel).raw)
  }

  /// Presses or lifts the sustain pedal (CC64) on channel 0.
  public func sustainPedal(pedalDown: Bool) {
    engine.post(SamplerEvent.controlChange(controller: 64, value: pedalDown ? 127 : 0).raw)
  }

  /// Sends a controller change on `channel` (0...15), as
  /// ``SamplerEvent/controlChange(controller:value:channel:frame:)`` describes.
  public func controlChange(controller: UInt8, value: UInt8, channel: UInt8 = 0) {
    engine.post(
      SamplerEvent.controlChange(controller: controller, value: value, channel: channel).raw)
  }

  /// Bends the pitch: -8192...8191, over each region's bend range (±2 semitones by default).
  public func pitchBend(value: Int, channel: UInt8 = 0) {
    engine.post(SamplerEvent.pitchBend(value: value, channel: channel).raw)
  }

  /// Whether looping samples keep looping through the release (true) or play out from the loop
  /// when the key is released (false, the default).
  /// The `voice.loopThroughRelease` parameter (``SamplerParameter/loopThroughRelease``).
  public func setLoop(thruRelease: Bool) {
    parameters[.loopThroughRelease] = thruRelease ? 1 : 0
  }

  // MARK: Rendering

  /// Renders `frameCount` frames into `left` and `right` (overwritten). Real-time safe: call it
  /// from the audio thread.
  public func render(
    frameCount: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>
  ) {
    sc_engine_render(engine.pointer, UInt32(clamping: frameCount), nil, 0, left, right)
  }

  /// Renders with events applied at their exact frames (sorted by frame). Real-time safe.
  public func render(
    frameCount: Int, events: UnsafeBufferPointer<SamplerEvent>, left: UnsafeMutablePointer<Float>,
    right: UnsafeMutablePointer<Float>
  ) {
    events.withMemoryRebound(to: sc_event.self) { raw in
      sc_engine_render(
        engine.pointer, UInt32(clamping: frameCount), raw.baseAddress, UInt32(raw.count), left,
        right)
    }
  }

  /// Voices sounding after the last render call.
  public var activeVoices: Int { Int(engine.stats.active_voices) }

  /// Whether the reverb or chorus still rings with what the voices sent it: a render that stops
  /// once its voices have ended (a file's ring-out) goes on while this is true. Read it on the
  /// thread that renders, between render calls.
  public var effectsRinging: Bool { sc_engine_effects_ringing(engine.pointer) }

  /// The most voices that sounded at once since the sampler was created.
  public var peakVoices: Int { Int(engine.stats.peak_voices) }

  /// Note-ons that no region answered since the sampler was created (keys outside the
  /// instrument, or conditions no region meets).
  public var unplayedNoteCount: Int { Int(engine.stats.notes_unplayed) }

  /// Note-ons on `channel` (0-15) that no region answered since the sampler was created, and
  /// the keys they struck, in order: what a song's report names when a part finds nothing to
  /// play.
  public func unplayedNotes(channel: Int) -> (count: Int, keys: [Int]) {
    guard (0..<16).contains(channel) else { return (0, []) }
    var words: (UInt64, UInt64) = (0, 0)
    let count = withUnsafeMutableBytes(of: &words) {
      sc_engine_unplayed_notes(
        engine.pointer, UInt8(channel), $0.baseAddress!.assumingMemoryBound(to: UInt64.self))
    }
    let keys = (0..<128).filter { key in
      (key < 64 ? words.0 : words.1) & (UInt64(1) << UInt64(key % 64)) != 0
    }
    return (Int(count), keys)
  }

  /// Voices cut because their output was NaN, infinite or absurdly loud (an unstable filter, a
  /// broken sample handed over unchecked), so that one bad voice never ruins the mix.
  public var silencedVoiceCount: Int { Int(engine.stats.voices_silenced) }

  /// Events dropped because the render thread did not run while thousands were queued.
  public var droppedEventCount: Int { engine.droppedEvents }
}
