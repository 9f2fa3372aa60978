import Foundation
import MIDIFile
import SFZSampler
import SongPlayback

/// A General MIDI song rendered offline through the GM bank (`make gm-bank`) as sfzplay renders
/// it: the programs the song uses loaded into an ``Ensemble``, General MIDI's CC91/CC93 sends
/// on, the shared reverb and chorus on or off.
///
/// ```swift
/// let song = try GMSongRender(song: Corpus.root.appendingPathComponent("midi/band.mid"))
/// let peak = song.render(effects: true)
/// ```
public final class GMSongRender {
  /// Where `make gm-bank` writes the bank.
  public static var bank: URL {
    FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("sfzsampler-gm-bank")
  }
  /// Whether the bank has been made.
  public static var isAvailable: Bool {
    FileManager.default.fileExists(atPath: bank.appendingPathComponent("000").path)
  }

  /// The ensemble holding the song's programs.
  public let ensemble: Ensemble
  private let schedule: [ScheduledEvent]
  /// Frames rendered: the song plus a four-second tail for releases and the reverb.
  public let totalFrames: Int

  /// Reads the bank and the song, and loads the programs the song uses.
  public init(song: URL, sampleRate: Double = 48_000) throws(BenchError) {
    ensemble = Ensemble(sampleRate: sampleRate)
    let file: MIDIFile
    do {
      file = try MIDIFile(contentsOf: song)
      let map = InstrumentMap(bank: try InstrumentBank(contentsOf: Self.bank))
      for use in SongPrograms(song: file).uses {
        try ensemble.preload(
          ProgramAddress(
            channel: use.channel, program: use.program, bankMSB: use.bank,
            bankLSB: use.bankLSB, isDrumChannel: use.drums), from: map)
      }
    } catch {
      throw .file(path: song.path, reason: "\(error)")
    }
    // every render starts from silence on every channel
    let allSoundOff = (0..<16).map {
      ScheduledEvent(frame: 0, event: .controlChange(controller: 120, value: 0, channel: UInt8($0)))
    }
    schedule = allSoundOff + EventSchedule.make(song: file, sampleRate: Int(sampleRate))
    totalFrames = Int((file.duration + 4) * sampleRate)
  }

  /// Seconds of audio the song renders to.
  public var seconds: Double { Double(totalFrames) / ensemble.sampleRate }

  /// Renders the whole song from the start with the effects on or off and returns the peak.
  @discardableResult
  public func render(effects: Bool) -> Float {
    ensemble.setEffect(.effects, to: effects ? 1 : 0)
    for instrument in ensemble.instruments {
      instrument.sampler.parameters[.effects] = effects ? 1 : 0
    }
    var peak: Float = 0
    EnsembleSongRenderer(ensemble: ensemble).render(
      schedule, tailFrames: totalFrames - EventCursor(schedule).endFrame
    ) { block in
      for i in 0..<block.frames { peak = max(peak, abs(block.left[i]), abs(block.right[i])) }
      return true
    }
    return peak
  }
}
