import AudioTestSupport
import Foundation
import MIDIFile
import MIDITestSupport
import SFZSampler
import SongPlayback
import Testing

/// A band song through an ensemble: the programs it uses, each channel on its exact frames, and
/// stems that add up to the mix.
@Suite struct EnsembleSongTests {
  /// At 96 ticks per quarter and the default 120 bpm, a tick is 250 frames at 48 kHz.
  static let framesPerTick = 250

  /// Channel 1 plays program 0 then, from tick 96, program 33 (bank 8); channel 10 plays drums;
  /// channel 3 a note with no program change (program 0).
  static func song() throws -> MIDIFile {
    let piano = SMFBuilder.track(
      SMFBuilder.event(0, 0xC0, 0), SMFBuilder.event(10, 0x90, 69, 100),
      SMFBuilder.event(40, 0x80, 69, 0), SMFBuilder.event(46, 0xB0, 0, 8),
      SMFBuilder.event(0, 0xC0, 33), SMFBuilder.event(4, 0x90, 69, 100),
      SMFBuilder.event(40, 0x80, 69, 0), SMFBuilder.endOfTrack())
    let drums = SMFBuilder.track(
      SMFBuilder.event(20, 0x99, 36, 100), SMFBuilder.event(30, 0x89, 36, 0),
      SMFBuilder.event(0, 0x99, 38, 100), SMFBuilder.event(30, 0x89, 38, 0),
      SMFBuilder.endOfTrack())
    let other = SMFBuilder.track(
      SMFBuilder.event(60, 0x92, 57, 100), SMFBuilder.event(20, 0x82, 57, 0),
      SMFBuilder.endOfTrack())
    return try MIDIFile(data: SMFBuilder.file(chunks: [piano, drums, other]))
  }

  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ensemble-song-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The song's band, its instruments written into `folder`: program 0 a piano at 440 Hz for A4,
  /// program 33 of bank 8 a bass an octave lower, the drum kit an octave higher
  /// (corpus/spec sfzformat/docs/opcodes/transpose.md).
  static func band(in folder: URL) throws -> Ensemble {
    func instrument(_ name: String, transpose: Int) throws -> URL {
      let url = folder.appendingPathComponent(name)
      try
        "<control> set_cc7=127\n<region> sample=*sine transpose=\(transpose) ampeg_release=0.005\n"
        .write(to: url, atomically: true, encoding: .utf8)
      return url
    }
    let band = Ensemble(sampleRate: 48_000, maximumFrames: 512)
    // dry, so each stem is its notes alone (the reverb's return is a stem of its own)
    band.generalMIDISends = false
    let piano = try band.instrument(at: instrument("piano.sfz", transpose: 0))
    let bass = try band.instrument(at: instrument("bass.sfz", transpose: -12))
    let kit = try band.instrument(at: instrument("kit.sfz", transpose: 12))
    band.setProgram(0, to: piano)
    band.setProgram(33, bank: 8, to: bass)
    band.setProgram(0, drums: true, to: kit)
    return band
  }

  @Test func theProgramsASongUsesAreTheOnesInEffectAtItsNotes() throws {
    let uses = SongPrograms(song: try Self.song()).uses
    let found = uses.map { [$0.channel, $0.drums ? 1 : 0, $0.bank, $0.program, $0.notes] }
    #expect(
      found == [[0, 0, 0, 0, 1], [0, 0, 8, 33, 1], [2, 0, 0, 0, 1], [9, 1, 0, 0, 2]],
      "\(uses)")
  }

  @Test func eachChannelPlaysItsProgramOnItsFramesAndTheStemsAddUpToTheMix() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let band = try Self.band(in: folder)
    let schedule = EventSchedule.make(song: try Self.song(), sampleRate: 48_000)

    var mix: [Float] = []
    var stems = [[Float]](repeating: [], count: 16)
    var sounded: ChannelSet = []
    EnsembleSongRenderer(ensemble: band, blockSize: 300, stems: true).render(
      schedule, tailFrames: 4_800
    ) { block in
      mix += block.left
      for channel in 0..<16 { stems[channel] += block.stemLeft[channel] }
      sounded.formUnion(block.soundingChannels)
      return true
    }
    #expect(sounded == [ChannelSet(channel: 0), ChannelSet(channel: 2), ChannelSet(channel: 9)])
    // a *sine starts at phase 0: each note is silent on its frame and sounds from the next
    let t = Self.framesPerTick
    #expect(Measure.onsets(stems[0], threshold: 1e-6).first == 10 * t + 1)
    #expect(Measure.onset(stems[9]) == 20 * t + 1)
    #expect(Measure.onset(stems[2]) == 60 * t + 1)
    // channel 1's first note on the piano (440 Hz), its second on the bass (220 Hz)
    let first = Measure.frequency(stems[0], sampleRate: 48_000, in: (10 * t + 500)..<(50 * t))
    let second = Measure.frequency(
      stems[0], sampleRate: 48_000, in: (100 * t + 500)..<(140 * t))
    #expect(abs(Measure.cents(first, from: 440)) < 1 && abs(Measure.cents(second, from: 220)) < 1)
    // drums on the kit: key 36 an octave above its 12-TET pitch
    let kick = Measure.frequency(stems[9], sampleRate: 48_000, in: (20 * t + 500)..<(50 * t))
    #expect(abs(Measure.cents(kick, from: 2 * 65.406)) < 1, "\(kick) Hz")
    var worst: Float = 0
    for frame in mix.indices {
      worst = max(worst, abs(stems[0][frame] + stems[2][frame] + stems[9][frame] - mix[frame]))
    }
    #expect(worst <= 1e-6)
    #expect(band.unroutedNotes(channel: 2) == 0)
  }

  /// GM System On, GS Reset and XG System On (MIDI 1.0 RP-003; Roland's and Yamaha's own
  /// messages) put every channel back to bank 0 program 0 as at power-on: a note after the reset
  /// plays program 0 again.
  @Test(
    arguments: [
      [0x7E, 0x7F, 0x09, 0x01], [0x41, 0x10, 0x42, 0x12, 0x40, 0x00, 0x7F, 0x00, 0x41],
      [0x43, 0x10, 0x4C, 0x00, 0x00, 0x7E, 0x00],
    ] as [[UInt8]])
  func aSystemResetReturnsEveryChannelToProgramZero(reset: [UInt8]) throws {
    let track = SMFBuilder.track(
      SMFBuilder.event(0, 0xB0, 0, 8), SMFBuilder.event(0, 0xC0, 33),
      SMFBuilder.event(10, 0x90, 69, 100), SMFBuilder.event(10, 0x80, 69, 0),
      SMFBuilder.sysex(10, reset), SMFBuilder.event(10, 0x90, 69, 100),
      SMFBuilder.event(10, 0x80, 69, 0), SMFBuilder.endOfTrack())
    let song = try MIDIFile(data: SMFBuilder.file(chunks: [track]))
    let uses = SongPrograms(song: song).uses.map { [$0.bank, $0.program, $0.notes] }
    #expect(uses == [[0, 0, 1], [8, 33, 1]], "\(uses)")
    // the schedule carries the reset to every channel, before the note of its frame
    let schedule = EventSchedule.make(song: song, sampleRate: 48_000)
    let resetFrame = 30 * Self.framesPerTick
    #expect(schedule.filter { $0.frame == resetFrame }.count == 16 * 6)
  }

  /// On a renderer's threads the caller gets each block while the next renders, so what it
  /// reads of a block must be the block's own: the same samples, the same voice counts, and a
  /// tail that ends (at the first quiet block after the song) on the same frame.
  @Test(arguments: [2, 4])
  func onARenderersThreadsTheBlocksAndTheTailsEndAreTheSame(threads: Int) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let schedule = EventSchedule.make(song: try Self.song(), sampleRate: 48_000)
    func render(_ band: Ensemble, _ renderer: OfflineEnsembleRenderer?) -> (
      mix: [Float], voices: [Int], frames: Int
    ) {
      var mix: [Float] = []
      var voices: [Int] = []
      let frames = EnsembleSongRenderer(
        ensemble: band, blockSize: 128, stems: true, renderer: renderer
      ).render(schedule, tailFrames: 48_000) { block in
        mix += block.left
        voices.append(block.activeVoices)
        return !(block.isTail && block.activeVoices == 0)
      }
      return (mix, voices, frames)
    }
    let alone = render(try Self.band(in: folder), nil)
    let band = try Self.band(in: folder)
    let shared = render(band, try OfflineEnsembleRenderer(ensemble: band, threads: threads))
    #expect((alone.voices.max() ?? 0) >= 2 && alone.voices.last == 0, "\(alone.voices.max() ?? 0)")
    #expect(alone.frames < schedule.last!.frame + 48_000, "the tail ended early")
    #expect(shared.frames == alone.frames && shared.voices == alone.voices)
    #expect(shared.mix == alone.mix)
  }
}
