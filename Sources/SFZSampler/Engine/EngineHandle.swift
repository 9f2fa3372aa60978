import CSamplerCore
import Foundation

/// Owns the C engine. Control calls are serialised by a lock (the event ring has one producer);
/// the render call takes no lock. Every control call also frees the instruments the render
/// thread has let go of, so memory comes back without the host asking.
final class EngineHandle: @unchecked Sendable {
  let pointer: OpaquePointer
  private let producer = NSLock()
  private var dropped = 0

  /// Events refused because the ring was full; read under the producer lock like it is written.
  var droppedEvents: Int { producer.withLock { dropped } }

  init(sampleRate: Double, maximumPolyphony: Int, quality: sc_quality) {
    var config = sc_engine_config()
    sc_engine_config_init(&config)
    config.sample_rate = min(max(sampleRate, 1_000), 1_536_000)
    config.max_voices = UInt32(min(max(maximumPolyphony, 1), Int(sc_max_polyphony())))
    config.quality = quality
    guard let engine = sc_engine_create(&config) else {
      fatalError("SFZSampler: out of memory creating an engine of \(config.max_voices) voices")
    }
    pointer = engine
  }

  deinit { sc_engine_destroy(pointer) }

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
