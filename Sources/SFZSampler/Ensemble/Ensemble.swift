import CSamplerCore
import Foundation

/// A multi-timbral instrument for whole songs: 16 MIDI channels, each playing the instrument its
/// bank select (CC0/CC32) and program change choose, or the one assigned to it, mixed in a fixed
/// order into one output and, on request, into one stem per channel that add up to it.
///
/// Each instrument is loaded once, into a ``Sampler`` of its own, and plays every channel that
/// uses it with the channels kept apart (its `lochan/hichan`, per-channel controllers, bends and
/// pedals keep working). Controllers, bends, pressure, program changes and tempo reach every
/// instrument, so a channel keeps its controllers across a program change; a note plays on the
/// instrument its channel had at the note-on and its note-off follows it there, so notes
/// sounding at a program change ring out on the old program, as General MIDI players do.
///
/// Loading and the program table belong to a control thread: load what a song or an app's live
/// program changes need before playing them (a program change to one not loaded plays nothing,
/// counted by ``unroutedNotes(channel:)``). ``render(frameCount:events:left:right:)`` is
/// real-time safe: C only, no allocation, lock or I/O; the instruments render one after another
/// on the calling thread, and the output is the same bits however the caller splits its blocks'
/// work.
///
/// ```swift
/// let band = Ensemble(sampleRate: 48_000)
/// let piano = try band.instrument(at: URL(fileURLWithPath: "GM/000/000_Piano.sfz"))
/// band.setProgram(0, bank: 0, to: piano)
/// let kit = try band.instrument(at: URL(fileURLWithPath: "GM/128/000_Standard.sfz"))
/// band.setProgram(0, bank: 0, drums: true, to: kit)  // channel 10 plays drum kits
/// band.render(frameCount: 256, events: events, left: left, right: right)
/// ```
public final class Ensemble: @unchecked Sendable {
  /// The output sample rate.
  public let sampleRate: Double
  /// The most frames one render call gives; longer calls are cut to it.
  public let maximumFrames: Int
  /// Voices each instrument may sound at once.
  public let maximumPolyphony: Int
  /// The interpolation every instrument's sampler is made with.
  public let quality: InterpolationQuality
  /// Streaming settings every instrument's sampler is made with.
  public let streaming: StreamingSettings

  /// The most instruments one ensemble holds.
  public static let maximumInstruments = Int(sc_ensemble_max_engines())

  let handle: OpaquePointer
  /// Guards `loaded`: control calls may come from any thread.
  let lock = NSLock()
  private var loaded: [EnsembleInstrument] = []

  /// An ensemble with no instrument (it renders silence).
  ///
  /// - Parameters:
  ///   - sampleRate: the output rate in Hz.
  ///   - maximumPolyphony: voices each instrument may sound at once.
  ///   - maximumFrames: the most frames one render call gives (memory grows with it).
  ///   - quality: interpolation.
  ///   - streaming: when instruments stream their samples from disk.
  public init(
    sampleRate: Double = 48_000, maximumPolyphony: Int = 256, maximumFrames: Int = 4_096,
    quality: InterpolationQuality = .hermite, streaming: StreamingSettings = StreamingSettings()
  ) {
    self.sampleRate = sampleRate
    self.maximumFrames = max(maximumFrames, 1)
    self.maximumPolyphony = maximumPolyphony
    self.quality = quality
    self.streaming = streaming
    guard let made = sc_ensemble_create(UInt32(clamping: self.maximumFrames)) else {
      fatalError("out of memory making an ensemble of \(maximumFrames) frames")
    }
    handle = made
  }

  deinit {
    // before the samplers, whose engines it renders
    sc_ensemble_destroy(handle)
  }

  /// Whether each channel's CC91 and CC93 send its voices to the shared reverb and chorus on top
  /// of their regions' effect1 and effect2, as General MIDI players do (40 and 0 until a song
  /// sets them: General MIDI Level 2's power-on values). True unless set otherwise, for the
  /// instruments loaded and those to come.
  public var generalMIDISends: Bool {
    get { lock.withLock { sendsChannels } }
    set {
      let instruments = lock.withLock {
        sendsChannels = newValue
        return loaded
      }
      for instrument in instruments {
        instrument.sampler.parameters[.channelSends] = newValue ? 1 : 0
      }
    }
  }
  private var sendsChannels = true

  /// Sets one of the shared effects' parameters (``SamplerParameter/effects``,
  /// ``SamplerParameter/reverbLevel`` ... ``SamplerParameter/chorusVoices``) from the next render
  /// call on. Every instrument sends into one reverb and one chorus, so their own reverb and
  /// chorus parameters do not act here; their ``SamplerParameter/effects`` still says whether
  /// they send at all.
  ///
  /// - Returns: false for another parameter, or a value that is not finite.
  @discardableResult
  public func setEffect(_ parameter: SamplerParameter, to value: Float) -> Bool {
    sc_ensemble_set_effect(handle, sc_param(rawValue: UInt32(parameter.address)), value)
  }

  /// The value of one of the shared effects' parameters (0 for another parameter).
  public func effect(_ parameter: SamplerParameter) -> Float {
    sc_ensemble_effect(handle, sc_param(rawValue: UInt32(parameter.address)))
  }

  /// Whether the shared reverb or chorus still rings with what the instruments sent it (see
  /// ``Sampler/effectsRinging``). Read it on the thread that renders, between render calls.
  public var effectsRinging: Bool { sc_ensemble_effects_ringing(handle) }

  /// The instruments loaded, in mix order.
  public var instruments: [EnsembleInstrument] { lock.withLock { loaded } }

  /// The instrument at `url`, loaded the first time it is asked for and shared after: the same
  /// real file (links followed) with the same `defines` (an ARIA bank's `<Define>`s,
  /// ``BankInstrument/defines``) is one instrument, whatever the path that names it.
  ///
  /// - Throws: ``SamplerError`` when the file cannot be loaded (or, with `strict`, has any
  ///   diagnostic); the ensemble is unchanged.
  @discardableResult
  public func instrument(
    at url: URL, defines: [String: String] = [:], strict: Bool = false
  ) throws(SamplerError) -> EnsembleInstrument {
    let identity =
      url.resolvingSymlinksInPath().standardizedFileURL.path
      + defines.sorted { $0.key < $1.key }.map { "\n\($0.key)=\($0.value)" }.joined()
    if let known = lock.withLock({ loaded.first { $0.identity == identity } }) { return known }
    let sampler = Sampler(
      sampleRate: sampleRate, maximumPolyphony: maximumPolyphony, quality: quality,
      streaming: streaming)
    let report = try sampler.loadInstrument(url: url, strict: strict, defines: defines)
    sampler.parameters[.channelSends] = generalMIDISends ? 1 : 0
    let added = lock.withLock { () -> EnsembleInstrument? in
      if let known = loaded.first(where: { $0.identity == identity }) { return known }
      let index = sc_ensemble_add_engine(handle, sampler.engine.pointer)
      guard index >= 0 else { return nil }
      let instrument = EnsembleInstrument(
        index: Int(index), url: url, identity: identity, sampler: sampler, report: report)
      loaded.append(instrument)
      return instrument
    }
    guard let added else {
      throw .instrumentUnreadable(
        path: url.path,
        reason: "an ensemble plays at most \(Ensemble.maximumInstruments) instruments")
    }
    return added
  }

  /// Says that `instrument` plays `program` (0-127) of bank `bank` (bank select MSB, CC0) and
  /// `bankLSB` (CC32) on melodic channels, or on drum channels when `drums` is true. A later
  /// setting of the same program wins.
  ///
  /// - Returns: false when the program table is full (2,048 programs) or the instrument is not
  ///   this ensemble's.
  @discardableResult
  public func setProgram(
    _ program: Int, bank: Int = 0, bankLSB: Int = 0, drums: Bool = false,
    to instrument: EnsembleInstrument
  ) -> Bool {
    guard owns(instrument), (0...127).contains(program), (0...127).contains(bank),
      (0...127).contains(bankLSB)
    else { return false }
    return sc_ensemble_set_program(
      handle, drums, UInt8(bank), UInt8(bankLSB), UInt8(program), Int32(instrument.index))
  }

  /// Makes `channel` (0-15) play `instrument` whatever its program, or choose by program again
  /// when nil. Applies to the channel's next note.
  public func assign(channel: Int, to instrument: EnsembleInstrument?) {
    guard (0..<16).contains(channel) else { return }
    if let instrument, !owns(instrument) { return }
    sc_ensemble_assign_channel(handle, UInt8(channel), Int32(instrument?.index ?? -1))
  }

  /// Whether `channel` (0-15) plays drum kits; General MIDI's channel 10 (index 9) alone does
  /// until told otherwise.
  public func setDrumChannel(_ channel: Int, _ drums: Bool) {
    guard (0..<16).contains(channel) else { return }
    sc_ensemble_set_drum_channel(handle, UInt8(channel), drums)
  }

  /// Sets `channel`'s level before the mix: a gain in dB and a pan from -1 (left) to 1 (right),
  /// the constant-power law that keeps a centred channel at `decibels` in each side times
  /// cos(π/4) · √2 = 1, so gain 0 dB and pan 0 leave the channel as played.
  public func setChannelLevel(_ channel: Int, decibels: Double, pan: Double = 0) {
    guard (0..<16).contains(channel), decibels.isFinite, pan.isFinite else { return }
    let gain = pow(10, decibels / 20)
    let angle = (min(max(pan, -1), 1) + 1) * Double.pi / 4
    let left = Float(gain * cos(angle) * 2.0.squareRoot())
    let right = Float(gain * sin(angle) * 2.0.squareRoot())
    sc_ensemble_set_channel_gain(handle, UInt8(channel), left, right)
  }

  /// Notes on `channel` whose program had no instrument, since the ensemble was made.
  public func unroutedNotes(channel: Int) -> Int {
    guard (0..<16).contains(channel) else { return 0 }
    return Int(sc_ensemble_unrouted_notes(handle, UInt8(channel)))
  }

  private func owns(_ instrument: EnsembleInstrument) -> Bool {
    lock.withLock {
      loaded.indices.contains(instrument.index) && loaded[instrument.index] === instrument
    }
  }
}

/// One instrument of an ``Ensemble``: its sampler, which holds its parameters and statistics,
/// and what loading it reported.
public final class EnsembleInstrument: Sendable {
  /// Its place in the mix order.
  public let index: Int
  /// The SFZ file as it was asked for.
  public let url: URL
  /// The sampler that plays it; its parameters (master volume, envelopes...) are this
  /// instrument's.
  public let sampler: Sampler
  /// What loading found: regions, samples, diagnostics.
  public let report: InstrumentReport
  let identity: String

  init(index: Int, url: URL, identity: String, sampler: Sampler, report: InstrumentReport) {
    self.index = index
    self.url = url
    self.identity = identity
    self.sampler = sampler
    self.report = report
  }
}
