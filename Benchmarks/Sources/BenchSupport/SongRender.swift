import Foundation
import MIDIFile
import SFZSampler

/// A whole song rendered offline through a loaded instrument, block by block, with every MIDI
/// event placed on its exact frame.
///
/// ```swift
/// let song = try SongRender(instrument: Corpus.demoInstrument, song: Corpus.demoSong)
/// let seconds = song.render()  // seconds of audio produced
/// ```
public final class SongRender {
  /// The sampler holding the instrument.
  public let sampler: Sampler
  /// The song's events as sampler events, with their absolute frames.
  private let events: [(frame: Int, event: SamplerEvent)]
  /// Frames rendered: the song plus a two-second tail for releases.
  public let totalFrames: Int
  private let blockFrames = 256
  private let left: UnsafeMutablePointer<Float>
  private let right: UnsafeMutablePointer<Float>

  /// Loads the instrument and reads the MIDI file.
  public init(instrument: URL, song: URL, sampleRate: Double = 48_000) throws(BenchError) {
    sampler = Sampler(sampleRate: sampleRate, maximumPolyphony: 256)
    let file: MIDIFile
    do {
      try sampler.loadInstrument(url: instrument)
      file = try MIDIFile(contentsOf: song)
    } catch {
      throw .file(path: song.path, reason: "\(error)")
    }
    events = file.events.compactMap { timed in
      Self.event(timed.message).map { (timed.frame(atSampleRate: sampleRate), $0) }
    }
    totalFrames = Int((file.duration + 2) * sampleRate)
    left = .allocate(capacity: blockFrames)
    right = .allocate(capacity: blockFrames)
  }

  deinit {
    left.deallocate()
    right.deallocate()
  }

  /// Seconds of audio the song renders to.
  public var seconds: Double { Double(totalFrames) / sampler.sampleRate }

  /// Renders the whole song from the start (all notes off first) and returns the peak level.
  @discardableResult
  public func render() -> Float {
    var block: [SamplerEvent] = [.controlChange(controller: 120, value: 0)]
    block.reserveCapacity(1_024)
    var next = 0
    var peak: Float = 0
    for start in stride(from: 0, to: totalFrames, by: blockFrames) {
      let frames = min(blockFrames, totalFrames - start)
      while next < events.count, events[next].frame < start + frames {
        var event = events[next].event
        event.frame = max(events[next].frame - start, 0)
        block.append(event)
        next += 1
      }
      block.withUnsafeBufferPointer {
        sampler.render(frameCount: frames, events: $0, left: left, right: right)
      }
      block.removeAll(keepingCapacity: true)
      for i in 0..<frames { peak = max(peak, abs(left[i]), abs(right[i])) }
    }
    return peak
  }

  private static func event(_ message: MIDIMessage) -> SamplerEvent? {
    switch message {
    case .noteOn(let channel, let note, let velocity):
      return .noteOn(key: note, velocity: velocity, channel: channel)
    case .noteOff(let channel, let note, _):
      return .noteOff(key: note, channel: channel)
    case .controlChange(let channel, let controller, let value):
      return .controlChange(controller: controller, value: value, channel: channel)
    case .programChange(let channel, let program):
      return .programChange(program: program, channel: channel)
    case .pitchBend(let channel, let value):
      return .pitchBend(value: Int(value), channel: channel)
    case .channelPressure(let channel, let pressure):
      return .channelPressure(pressure: pressure, channel: channel)
    case .polyPressure(let channel, let note, let pressure):
      return .polyPressure(key: note, pressure: pressure, channel: channel)
    }
  }
}
