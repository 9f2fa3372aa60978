import Foundation
import MIDIFile
import SFZSampler
import SongPlayback

/// A whole song rendered offline through a loaded instrument by SongPlayback's `SongRenderer`,
/// with every MIDI event placed on its exact frame.
///
/// ```swift
/// let song = try SongRender(instrument: Corpus.demoInstrument, song: Corpus.demoSong)
/// let peak = song.render()  // the peak level of song.seconds of audio
/// ```
public final class SongRender {
  /// The sampler holding the instrument.
  public let sampler: Sampler
  /// All sound off, then the song's events as sampler events, with their absolute frames.
  private let schedule: [ScheduledEvent]
  /// Frames rendered: the song plus a two-second tail for releases.
  public let totalFrames: Int

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
    // Every render starts from silence, whatever the previous one left sounding.
    let allSoundOff = ScheduledEvent(frame: 0, event: .controlChange(controller: 120, value: 0))
    schedule = [allSoundOff] + EventSchedule.make(song: file, sampleRate: Int(sampleRate))
    totalFrames = Int((file.duration + 2) * sampleRate)
  }

  /// Seconds of audio the song renders to.
  public var seconds: Double { Double(totalFrames) / sampler.sampleRate }

  /// Renders the whole song from the start, on `renderer`'s threads (made for `sampler`) or on
  /// this one alone, and returns the peak level.
  @discardableResult
  public func render(on renderer: OfflineRenderer? = nil) -> Float {
    var peak: Float = 0
    SongRenderer(sampler: sampler, renderer: renderer).render(
      schedule, tailFrames: totalFrames - EventCursor(schedule).endFrame
    ) { block in
      for i in 0..<block.frames { peak = max(peak, abs(block.left[i]), abs(block.right[i])) }
      return true
    }
    return peak
  }
}
