import CSamplerCore

/// A C engine with its output buffers, driven block by block through the C API directly.
///
/// ```swift
/// let engine = try CoreEngine(maxVoices: 64, quality: .hermite)
/// try engine.install(samples: [[tone]], regions: [region])
/// engine.render(events: [CoreEngine.noteOn(key: 60)])
/// engine.render()  // allocation-free
/// ```
public final class CoreEngine {
  /// The engine.
  public let pointer: OpaquePointer
  /// Frames per render call.
  public let blockFrames: Int
  /// The output rate.
  public let sampleRate: Double
  /// Left output of the last block.
  public let left: UnsafeMutablePointer<Float>
  /// Right output of the last block.
  public let right: UnsafeMutablePointer<Float>

  /// Creates an engine; `portableKernels` forces the plain C interpolation kernels.
  public init(
    sampleRate: Double = 48_000, blockFrames: Int = 256, maxVoices: Int,
    quality: Interpolation, portableKernels: Bool = false
  ) throws(BenchError) {
    var config = sc_engine_config()
    sc_engine_config_init(&config)
    config.sample_rate = sampleRate
    config.max_voices = UInt32(maxVoices)
    config.quality = quality.core
    config.portable_kernels = portableKernels
    guard let engine = sc_engine_create(&config) else {
      throw .engine("sc_engine_create refused \(maxVoices) voices")
    }
    pointer = engine
    self.blockFrames = blockFrames
    self.sampleRate = sampleRate
    left = .allocate(capacity: blockFrames)
    right = .allocate(capacity: blockFrames)
    left.initialize(repeating: 0, count: blockFrames)
    right.initialize(repeating: 0, count: blockFrames)
  }

  deinit {
    sc_engine_destroy(pointer)
    left.deallocate()
    right.deallocate()
  }

  /// Which kernels the engine runs ("avx2" or "portable").
  public var kernels: String { String(cString: sc_engine_kernels(pointer)) }

  /// Voices sounding after the last block.
  public var activeVoices: Int {
    var stats = sc_engine_stats()
    sc_engine_get_stats(pointer, &stats)
    return Int(stats.active_voices)
  }

  /// Builds an instrument from planar samples (each an array of channels, 48 kHz unless given)
  /// and regions that refer to them by index, and hands it to the engine.
  public func install(samples: [[[Float]]], regions: [sc_region], sampleRate rate: Double? = nil)
    throws(BenchError)
  {
    try install(sampleValues: samples.map { .float32($0) }, regions: regions, sampleRate: rate)
  }

  /// Builds an instrument from planar samples in either storage format and regions that refer
  /// to them by index, and hands it to the engine.
  public func install(
    sampleValues samples: [SampleValues], regions: [sc_region], sampleRate rate: Double? = nil
  ) throws(BenchError) {
    guard let instrument = sc_instrument_create() else { throw .engine("no instrument") }
    for sample in samples {
      let index = sample.add(to: instrument, sampleRate: rate ?? sampleRate)
      guard index >= 0 else {
        sc_instrument_destroy(instrument)
        throw .engine("sc_instrument_add_sample_data refused a sample")
      }
    }
    for var region in regions where sc_instrument_add_region(instrument, &region) < 0 {
      sc_instrument_destroy(instrument)
      throw .engine("sc_instrument_add_region refused a region")
    }
    _ = sc_instrument_finalize(instrument)
    sc_engine_set_instrument(pointer, instrument)
    // The engine adopts the instrument at the start of the next block.
    render()
    while let old = sc_engine_collect_garbage(pointer) { sc_instrument_destroy(old) }
  }

  /// Renders one block with events at frame 0 (or their own frames).
  public func render(events: [sc_event]) {
    events.withUnsafeBufferPointer { list in
      sc_engine_render(
        pointer, UInt32(blockFrames), list.baseAddress, UInt32(list.count), left, right)
    }
  }

  /// Renders one block without events; allocates nothing.
  @inline(__always)
  public func render() {
    sc_engine_render(pointer, UInt32(blockFrames), nil, 0, left, right)
  }

  /// A note-on event at frame 0.
  public static func noteOn(key: Int, channel: Int = 0, velocity: Int = 100) -> sc_event {
    sc_event(
      frame: 0, type: UInt8(SC_EVENT_NOTE_ON.rawValue), channel: UInt8(channel),
      data1: UInt8(key), data2: UInt8(velocity), value: 0, number: 0)
  }
}
