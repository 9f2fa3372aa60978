import CSamplerCore
import Foundation

/// Owns a C engine and renders it in blocks, the way a host's audio callback would.
final class CoreHarness {
  let engine: OpaquePointer
  let sampleRate: Double
  let blockSize: Int

  init(
    sampleRate: Double = 48_000, blockSize: Int = 256, voices: Int = 64,
    quality: sc_quality = SC_QUALITY_HERMITE, portableKernels: Bool = false,
    keepInaudibleVoices: Bool = false
  ) {
    var config = sc_engine_config()
    sc_engine_config_init(&config)
    config.sample_rate = sampleRate
    config.max_voices = UInt32(voices)
    config.quality = quality
    config.portable_kernels = portableKernels
    config.keep_inaudible_voices = keepInaudibleVoices
    engine = sc_engine_create(&config)!
    self.sampleRate = sampleRate
    self.blockSize = blockSize
    // Levels are measured at unity channel volume, not the General MIDI power-on 100.
    for channel in UInt8(0)..<16 {
      var unity = Event.cc(7, 127, channel: channel)
      _ = sc_engine_post(engine, &unity)
    }
  }

  deinit { sc_engine_destroy(engine) }

  /// Builds an instrument from mono or stereo sample data and hands it to the engine; the
  /// region carries `modulations`.
  func load(
    samples: [(channels: [[Float]], rate: Double, loop: ClosedRange<Int>?)],
    modulations: [sc_modulation] = [], _ configure: @escaping (inout sc_region) -> Void
  ) {
    load(
      samples: samples.map { (CoreSampleValues.float32($0.channels), $0.rate, $0.loop) },
      regions: [configure], modulations: modulations)
  }

  /// Builds an instrument with one region per closure (each starts with sample 0).
  func load(
    samples: [(channels: [[Float]], rate: Double, loop: ClosedRange<Int>?)],
    regions: [(inout sc_region) -> Void]
  ) {
    load(
      samples: samples.map { (CoreSampleValues.float32($0.channels), $0.rate, $0.loop) },
      regions: regions)
  }

  /// Builds an instrument from samples in either storage format, one region per closure. With
  /// `inParallel`, the samples go into reserved slots from concurrent threads, as the SFZ loader
  /// puts them, instead of being added one after another. Every region carries `modulations`.
  func load(
    samples: [(values: CoreSampleValues, rate: Double, loop: ClosedRange<Int>?)],
    regions: [(inout sc_region) -> Void], inParallel: Bool = false,
    modulations: [sc_modulation] = []
  ) {
    let instrument = sc_instrument_create()!
    @Sendable func withData<R>(_ i: Int, _ body: (inout sc_sample_data) -> R) -> R {
      let sample = samples[i]
      return sample.values.withChannelPointers { format, pointers, frames in
        var data = sc_sample_data(
          format: format, channels: pointers.baseAddress, channel_count: UInt32(pointers.count),
          frame_count: UInt64(frames), sample_rate: sample.rate, has_loop: sample.loop != nil,
          loop_start: UInt64(sample.loop?.lowerBound ?? 0),
          loop_end: UInt64(sample.loop?.upperBound ?? 0), resident_frames: 0, stream_key: 0)
        return body(&data)
      }
    }
    if inParallel {
      precondition(sc_instrument_reserve_samples(instrument, UInt32(samples.count)) == 0)
      nonisolated(unsafe) let shared = instrument
      DispatchQueue.concurrentPerform(iterations: samples.count) { i in
        precondition(withData(i) { sc_instrument_set_sample_data(shared, UInt32(i), &$0) })
      }
    } else {
      for i in samples.indices {
        precondition(withData(i) { sc_instrument_add_sample_data(instrument, &$0) } == i)
      }
    }
    for configure in regions {
      var region = sc_region()
      sc_region_init(&region)
      configure(&region)
      let index = sc_instrument_add_region(instrument, &region)
      precondition(index >= 0)
      for var modulation in modulations {
        precondition(sc_instrument_add_modulation(instrument, UInt32(index), &modulation))
      }
    }
    sc_instrument_finalize(instrument)
    sc_engine_set_instrument(engine, instrument)
  }

  /// Renders `frames` frames; `events` carry absolute frame positions from the current point.
  /// With `team`, each block renders on the team's threads (sc_engine_render_team).
  func render(frames: Int, events: [sc_event] = [], team: OpaquePointer? = nil)
    -> (left: [Float], right: [Float])
  {
    var left = [Float](repeating: 0, count: frames)
    var right = [Float](repeating: 0, count: frames)
    left.withUnsafeMutableBufferPointer { l in
      right.withUnsafeMutableBufferPointer { r in
        forEachBlock(frames: frames, events: events) { done, n, ev in
          if let team {
            sc_engine_render_team(
              engine, team, UInt32(n), ev.baseAddress, UInt32(ev.count), l.baseAddress! + done,
              r.baseAddress! + done, nil)
          } else {
            sc_engine_render(
              engine, UInt32(n), ev.baseAddress, UInt32(ev.count), l.baseAddress! + done,
              r.baseAddress! + done)
          }
        }
      }
    }
    return (left, right)
  }

  /// Renders `frames` frames by MIDI channel (sc_engine_render_channels): each channel's left and
  /// right, zeros where a block did not write it, and every block's mask of channels written.
  func renderChannels(frames: Int, events: [sc_event] = [])
    -> (left: [[Float]], right: [[Float]], written: [UInt16])
  {
    var left = [[Float]](repeating: [Float](repeating: 0, count: frames), count: 16)
    var right = left
    var written: [UInt16] = []
    let scratch = UnsafeMutablePointer<Float>.allocate(capacity: 32 * blockSize)
    defer { scratch.deallocate() }
    let lefts = (0..<16).map { Optional(scratch + $0 * blockSize) }
    let rights = (0..<16).map { Optional(scratch + (16 + $0) * blockSize) }
    forEachBlock(frames: frames, events: events) { done, n, ev in
      // unwritten outputs keep what the last block left: a poison the test would see if read
      scratch.update(repeating: .nan, count: 32 * blockSize)
      let mask = sc_engine_render_channels(
        engine, UInt32(n), ev.baseAddress, UInt32(ev.count), lefts, rights)
      written.append(mask)
      for channel in 0..<16 where mask & (1 << channel) != 0 {
        for i in 0..<n {
          left[channel][done + i] = lefts[channel]![i]
          right[channel][done + i] = rights[channel]![i]
        }
      }
    }
    return (left, right, written)
  }

  /// Cuts `frames` into blocks of at most `blockSize`, each with its events at in-block frames.
  private func forEachBlock(
    frames: Int, events: [sc_event],
    _ body: (_ start: Int, _ count: Int, UnsafeBufferPointer<sc_event>) -> Void
  ) {
    var pending = events.sorted { $0.frame < $1.frame }[...]
    var done = 0
    while done < frames {
      let n = min(blockSize, frames - done)
      var block: [sc_event] = []
      while let e = pending.first, Int(e.frame) < done + n {
        var local = e
        local.frame = UInt32(Int(e.frame) - done)
        block.append(local)
        pending.removeFirst()
      }
      block.withUnsafeBufferPointer { body(done, n, $0) }
      done += n
    }
  }

  var stats: sc_engine_stats {
    var s = sc_engine_stats()
    sc_engine_get_stats(engine, &s)
    return s
  }
}

/// Event constructors.
enum Event {
  static func noteOn(_ key: UInt8, _ velocity: UInt8 = 127, at frame: Int = 0, channel: UInt8 = 0)
    -> sc_event
  {
    sc_event(
      frame: UInt32(frame), type: UInt8(SC_EVENT_NOTE_ON.rawValue), channel: channel, data1: key,
      data2: velocity, value: 0, number: 0)
  }

  static func noteOff(_ key: UInt8, at frame: Int = 0, channel: UInt8 = 0) -> sc_event {
    sc_event(
      frame: UInt32(frame), type: UInt8(SC_EVENT_NOTE_OFF.rawValue), channel: channel, data1: key,
      data2: 0, value: 0, number: 0)
  }

  static func cc(_ controller: UInt8, _ value: UInt8, at frame: Int = 0, channel: UInt8 = 0)
    -> sc_event
  {
    sc_event(
      frame: UInt32(frame), type: UInt8(SC_EVENT_CONTROL_CHANGE.rawValue), channel: channel,
      data1: controller, data2: value, value: 0, number: 0)
  }

  static func bend(_ value: Int32, at frame: Int = 0, channel: UInt8 = 0) -> sc_event {
    sc_event(
      frame: UInt32(frame), type: UInt8(SC_EVENT_PITCH_BEND.rawValue), channel: channel, data1: 0,
      data2: 0, value: value, number: 0)
  }

  /// A parameter change; `ramp` frames of linear ramp for a parameter that can ramp.
  static func parameter(_ param: sc_param, _ value: Float, at frame: Int = 0, ramp: Int = 0)
    -> sc_event
  {
    sc_event(
      frame: UInt32(frame), type: UInt8(SC_EVENT_PARAMETER.rawValue), channel: 0,
      data1: UInt8(param.rawValue), data2: 0, value: Int32(ramp), number: value)
  }
}

/// Planar sample values for `CoreHarness.load`, in one of the engine's storage formats.
enum CoreSampleValues {
  /// Floats, full scale 1.0.
  case float32([[Float]])
  /// 16-bit integers, full scale 32768.
  case int16([[Int16]])

  /// Calls `body` with the engine's format, one pointer per channel and the frame count.
  func withChannelPointers<R>(
    _ body: (sc_sample_format, UnsafeBufferPointer<UnsafeRawPointer?>, Int) -> R
  ) -> R {
    switch self {
    case .float32(let channels):
      return Self.withCopies(channels) { body(SC_SAMPLE_FLOAT32, $0, channels[0].count) }
    case .int16(let channels):
      return Self.withCopies(channels) { body(SC_SAMPLE_INT16, $0, channels[0].count) }
    }
  }

  private static func withCopies<Value, R>(
    _ channels: [[Value]], _ body: (UnsafeBufferPointer<UnsafeRawPointer?>) -> R
  ) -> R {
    let copies = channels.map { channel -> UnsafeMutablePointer<Value> in
      let copy = UnsafeMutablePointer<Value>.allocate(capacity: channel.count)
      copy.initialize(from: channel, count: channel.count)
      return copy
    }
    defer { copies.forEach { $0.deallocate() } }
    return copies.map { UnsafeRawPointer($0) }.withUnsafeBufferPointer(body)
  }
}
