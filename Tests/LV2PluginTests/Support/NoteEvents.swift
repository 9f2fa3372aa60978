import CSamplerCore
import Foundation
@_spi(Plugin) import SFZSampler

/// A note event the tests send both to the plugin (as MIDI) and to a Sampler (as SamplerEvent).
enum NoteEvent {
  case on(key: UInt8, velocity: UInt8)
  case off(key: UInt8)

  func write(to sequence: SequenceWriter, frame: Int) {
    switch self {
    case .on(let key, let velocity): sequence.noteOn(frame: frame, key: key, velocity: velocity)
    case .off(let key): sequence.noteOff(frame: frame, key: key)
    }
  }

  func samplerEvent(frame: Int) -> SamplerEvent {
    switch self {
    case .on(let key, let velocity): return .noteOn(key: key, velocity: velocity, frame: frame)
    case .off(let key): return .noteOff(key: key, frame: frame)
    }
  }
}

/// The library's own render of the same events in the same blocks, the plugin's reference.
enum Reference {
  /// A Sampler made as the plugin makes its own, with `sfz` loaded between the one-frame blocks
  /// the plugin runs while it loads (PluginInstance.loadInstrument).
  static func sampler(sampleRate: Double, sfz: URL) throws -> Sampler {
    let sampler = Sampler(sampleRate: sampleRate, maximumPolyphony: 128, quality: .hermite)
    var scratch: Float = 0
    var other: Float = 0
    sampler.render(frameCount: 1, left: &scratch, right: &other)
    try sampler.loadInstrument(url: sfz)
    for _ in 0..<2 { sampler.render(frameCount: 1, left: &scratch, right: &other) }
    return sampler
  }

  /// Renders `frames` frames in blocks of `block` with the events (absolute frames), and the
  /// engine events `extra` (absolute frames) straight into the engine.
  static func render(
    _ sampler: Sampler, frames: Int, block: Int, events: [(frame: Int, event: NoteEvent)],
    extra: [sc_event] = []
  ) -> (left: [Float], right: [Float]) {
    var left = [Float](repeating: 0, count: frames)
    var right = left
    var start = 0
    while start < frames {
      let count = min(block, frames - start)
      var raw: [sc_event] = []
      var timed = events.filter { $0.frame >= start && $0.frame < start + count }
        .map { (frame: $0.frame, event: Optional($0.event), raw: sc_event?.none) }
      timed += extra.filter { Int($0.frame) >= start && Int($0.frame) < start + count }
        .map { (frame: Int($0.frame), event: nil, raw: $0) }
      for item in timed.sorted(by: { $0.frame < $1.frame }) {
        if let event = item.event {
          raw.append(
            withUnsafeBytes(of: event.samplerEvent(frame: item.frame - start)) {
              $0.load(as: sc_event.self)
            })
        } else if var direct = item.raw {
          direct.frame = UInt32(item.frame - start)
          raw.append(direct)
        }
      }
      left.withUnsafeMutableBufferPointer { l in
        right.withUnsafeMutableBufferPointer { r in
          sc_engine_render(
            sampler.enginePointer, UInt32(count), raw, UInt32(raw.count), l.baseAddress! + start,
            r.baseAddress! + start)
        }
      }
      start += count
    }
    return (left, right)
  }
}
