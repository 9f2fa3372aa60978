import Foundation
import MIDIFile
import SFZSampler
import SongPlayback

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
  private let schedule: [ScheduledEvent]
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
    schedule = EventSchedule.make(song: file, sampleRate: Int(sampleRate))
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
    let allSoundOff: [SamplerEvent] = [.controlChange(controller: 120, value: 0)]
    allSoundOff.withUnsafeBufferPointer {
      sampler.render(frameCount: 0, events: $0, left: left, right: right)
    }
    var cursor = EventCursor(schedule)
    var block: [SamplerEvent] = []
    block.reserveCapacity(1_024)
    var peak: Float = 0
    for start in stride(from: 0, to: totalFrames, by: blockFrames) {
      let frames = min(blockFrames, totalFrames - start)
      cursor.events(from: start, frames: frames, into: &block)
      block.withUnsafeBufferPointer {
        sampler.render(frameCount: frames, events: $0, left: left, right: right)
      }
      for i in 0..<frames { peak = max(peak, abs(left[i]), abs(right[i])) }
    }
    return peak
  }
}
