import CSamplerCore
import Foundation

/// Owns the C engine. Control calls are serialised by a lock (the event ring has one producer);
/// the render call takes no lock. Every control call also frees the instruments the render
/// thread has let go of, so memory comes back without the host asking.
final class EngineHandle: @unchecked Sendable {
  let pointer: OpaquePointer
  /// What the engine was made with: the ranges of its parameters depend on it.
  let config: sc_engine_config
  private let producer = NSLock()
  private var dropped = 0

  /// Events refused because the ring was full; read under the producer lock like it is written.
  var droppedEvents: Int { producer.withLock { dropped } }

  /// What an offline render waits on; kept alive as long as the engine that calls it.
  let progress = StreamProgress()
  /// The files streamed samples are read from.
  let streamFiles = StreamFiles()
  /// Started with the first streamed instrument; stopped before the engine is destroyed.
  private var reader: StreamReader?
  private let readerLock = NSLock()

  /// - Parameters:
  ///   - ringFrames: each voice's stream ring, 0 for none (samples held whole).
  ///   - keepsInaudibleVoices: sc_engine_config.keep_inaudible_voices.
  init(
    sampleRate: Double, maximumPolyphony: Int, quality: sc_quality, ringFrames: Int,
    keepsInaudibleVoices: Bool = false
  ) {
    var config = sc_engine_config()
    sc_engine_config_init(&config)
    config.sample_rate = min(max(sampleRate, 1_000), 1_536_000)
    config.max_voices = UInt32(min(max(maximumPolyphony, 1), Int(sc_max_polyphony())))
    config.quality = quality
    config.stream_ring_frames = UInt32(ringFrames)
    config.keep_inaudible_voices = keepsInaudibleVoices
    config.stream_wait = StreamProgress.callback
    config.stream_wait_context = Unmanaged.passUnretained(progress).toOpaque()
    guard let engine = sc_engine_create(&config) else {
      fatalError("SFZSampler: out of memory creating an engine of \(config.max_voices) voices")
    }
    pointer = engine
    self.config = config
  }

  deinit {
    readerLock.withLock { reader }?.stop()
    sc_engine_destroy(pointer)
  }

  /// Whether the engine has ring buffers to stream into.
  var canStream: Bool { sc_engine_stream_count(pointer) > 0 }

  /// Starts the reader thread if it is not running.
  func startReader() {
    readerLock.withLock {
      if reader == nil, canStream {
        reader = StreamReader(engine: pointer, source: streamFiles, progress: progress)
      }
    }
  }

  /// Streams the reader could not open or read, and its CPU time.
  var readerFigures: (failures: Int, cpuSeconds: Double, priorityRaised: Bool) {
    guard let reader = readerLock.withLock({ reader }) else { return (0, 0, false) }
    return (reader.failures, reader.cpuSeconds, reader.hasRaisedPriority)
  }

  /// Queues an event for the next render; counts it as dropped when the ring is full (the render
  /// thread has not run for thousands of events).
  func post(_ event: sc_event) {
    var e = event
    producer.lock()
    if !sc_engine_post(pointer, &e) { dropped += 1 }
    collectGarbageLocked()
    producer.unlock()
  }

  /// Hands over an instrument finalized by `EngineInstrumentBuilder.finish()` (nil for silence) and
  /// frees those the render thread let go of.
  func setInstrument(_ instrument: OpaquePointer?) {
    producer.lock()
    defer { producer.unlock() }
    // Only a never-finalized instrument is refused, and the builder finalizes or throws.
    let accepted = sc_engine_set_instrument(pointer, instrument)
    precondition(accepted, "SFZSampler: an instrument reached the engine unfinalized")
    collectGarbageLocked()
  }

  /// Frees instruments the render thread no longer uses; returns how many.
  @discardableResult
  func collectGarbage() -> Int {
    producer.lock()
    defer { producer.unlock() }
    return collectGarbageLocked()
  }

  @discardableResult
  private func collectGarbageLocked() -> Int {
    var freed = 0
    while let old = sc_engine_collect_garbage(pointer) {
      sc_instrument_destroy(old)
      freed += 1
    }
    if freed > 0 { sc_memory_return_to_system() }
    return freed
  }

  var stats: sc_engine_stats {
    var s = sc_engine_stats()
    sc_engine_get_stats(pointer, &s)
    return s
  }
}
