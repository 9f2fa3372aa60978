import AudioTestSupport
import CSamplerCore
import Foundation
import MIDIFile
import SFZSampler
import SongPlayback
import Testing

/// Real General MIDI band songs (the corpus's freedoom songs) through the FluidR3 GM bank that
/// `make gm-bank` converts: the stems of the channels an instrument plays are their part played
/// by that instrument alone, bit for bit, and the stems add up to the mix. Skipped without the bank or the
/// corpus; the songs of 15 s or less, so the suite stays quick in a debug build.
@Suite(.enabled(if: GMSongs.isAvailable, Comment(rawValue: GMSongs.skipReason)))
struct GMBankSongTests {
  @Test func eachStemIsItsPartAloneAndTheStemsAddUpToTheMix() throws {
    let rate = 48_000
    let map = InstrumentMap(bank: try InstrumentBank(contentsOf: GMSongs.bank))
    var checked = 0
    for (url, song) in try Self.shortSongs() {
      let uses = SongPrograms(song: song).uses
      let band = try Self.band(for: song, map: map)
      // the channels each instrument plays, when each of them plays that instrument alone
      var groups: [URL: Set<Int>] = [:]
      var changesProgram = Set<Int>()
      for use in uses {
        groups[try Self.choice(for: use, in: map).url, default: []].insert(use.channel)
        if uses.filter({ $0.channel == use.channel }).count > 1 {
          changesProgram.insert(use.channel)
        }
      }
      let schedule = EventSchedule.make(song: song, sampleRate: rate)
      var mix: [Float] = []
      var stems = [[Float]](repeating: [], count: 16)
      var returns = [[Float]](repeating: [], count: 2)
      EnsembleSongRenderer(ensemble: band, blockSize: 1_024, stems: true).render(
        schedule, tailFrames: rate
      ) { block in
        mix += block.left
        for channel in 0..<16 { stems[channel] += block.stemLeft[channel] }
        for bus in 0..<2 { returns[bus] += block.returnLeft[bus] }
        return true
      }
      // the dry stems and the reverb's and chorus's returns add up to the mix
      var worst: Float = 0
      for frame in mix.indices {
        let sum =
          (0..<16).reduce(Float(0)) { $0 + stems[$1][frame] } + returns[0][frame]
          + returns[1][frame]
        worst = max(worst, abs(sum - mix[frame]))
      }
      #expect(worst <= 1e-5, "\(url.lastPathComponent): stems against the mix \(worst)")
      for (instrument, channels) in groups where channels.isDisjoint(with: changesProgram) {
        let alone = try Self.renderAlone(
          channels: channels, instrument: instrument, schedule: schedule, frames: mix.count)
        let stem = mix.indices.map { frame in
          channels.sorted().reduce(Float(0)) { $0 + stems[$1][frame] }
        }
        let difference = zip(alone, stem).map { abs($0 - $1) }.max() ?? 0
        let peak = Measure.peak(alone[...])
        let name = "\(url.lastPathComponent) channels \(channels.sorted().map { $0 + 1 })"
        #expect(peak > 0, "\(name) are silent")
        #expect(difference == 0, "\(name): \(difference) from their part alone")
      }
      checked += 1
    }
    #expect(checked > 0, "no freedoom GM song of 15 s or less in the corpus")
  }

  /// Every channel of each freedoom song (15 s or less) starts sounding on the frame of its first
  /// note: silent before it, and sounding from the next frame (an envelope starts from 0 on the
  /// note's frame; measured: the next frame in every song), or within the few frames a sample's
  /// own lead-in may take.
  @Test func everyChannelStartsOnTheFrameOfItsFirstNote() throws {
    let rate = 48_000
    let map = InstrumentMap(bank: try InstrumentBank(contentsOf: GMSongs.bank))
    var checked = 0
    for (url, song) in try Self.shortSongs() {
      let band = try Self.band(for: song, map: map)
      var firstNote: [Int: Int] = [:]
      for event in song.events {
        if case .noteOn(let channel, _, _) = event.message, firstNote[Int(channel)] == nil {
          firstNote[Int(channel)] = event.frame(atSampleRate: Double(rate))
        }
      }
      var onsets: [Int: Int] = [:]
      var frame = 0
      EnsembleSongRenderer(ensemble: band, blockSize: 1_024, stems: true).render(
        EventSchedule.make(song: song, sampleRate: rate), tailFrames: 0
      ) { block in
        for channel in block.soundingChannels.channels where onsets[channel] == nil {
          let stem = block.stemLeft[channel]
          let right = block.stemRight[channel]
          if let first = stem.indices.first(where: { stem[$0] != 0 || right[$0] != 0 }) {
            onsets[channel] = frame + first
          }
        }
        frame += block.frames
        return true
      }
      #expect(Set(onsets.keys) == Set(firstNote.keys), "\(url.lastPathComponent)")
      for (channel, note) in firstNote {
        let onset = try #require(onsets[channel], "\(url.lastPathComponent) channel \(channel + 1)")
        #expect(
          ((note + 1)...(note + 8)).contains(onset),
          "\(url.lastPathComponent) channel \(channel + 1): note at \(note), sound from \(onset)")
      }
      checked += 1
    }
    #expect(checked > 0)
  }

  /// A program change in the middle of a song switches the channel's instrument on its frame.
  /// corpus/midi/jazzsoft_test-all-gm-sounds.mid steps channel 1 through the GM programs, a
  /// change and a four-note arpeggio each; its first eight: each program's instrument, alone in an
  /// ensemble (the other programs' notes find nothing), is silent up to its change and sounds
  /// from the frame after it (measured: the next frame for all eight), and the channel's stem in
  /// the band is these parts added up, bit for bit (the band mixes a channel's instruments in the
  /// order they were added).
  @Test func aProgramChangeSwitchesTheInstrumentOnItsFrame() throws {
    let rate = 48_000
    let url = TestData.corpusMIDI.appendingPathComponent("jazzsoft_test-all-gm-sounds.mid")
    let song = try MIDIFile(contentsOf: url)
    let changes = song.events.compactMap { event -> (program: Int, frame: Int)? in
      guard case .programChange(0, let program) = event.message else { return nil }
      return (Int(program), event.frame(atSampleRate: Double(rate)))
    }
    try #require(changes.count >= 9 && changes.prefix(9).map(\.program) == Array(0...8))
    // the song up to the ninth change
    let end = changes[8].frame
    let schedule = EventSchedule.make(song: song, sampleRate: rate).filter { $0.frame < end }
    let bank = try InstrumentBank(contentsOf: GMSongs.bank)
    let files = try (0..<8).map { program in
      try #require(bank.instrument(for: ProgramAddress(channel: 0, program: program))).url
    }
    func render(_ programs: [Int]) throws -> [Float] {
      let band = Ensemble(sampleRate: Double(rate), maximumFrames: 1_024)
      for program in programs {
        band.setProgram(program, to: try band.instrument(at: files[program]))
      }
      var out: [Float] = []
      EnsembleSongRenderer(ensemble: band, blockSize: 1_024, stems: true).render(
        schedule, tailFrames: 0
      ) { block in
        out += block.stemLeft[0]
        return true
      }
      return out
    }
    let stem = try render(Array(0..<8))
    var sum = [Float](repeating: 0, count: stem.count)
    for program in 0..<8 {
      let part = try render([program])
      let change = changes[program].frame
      #expect(part[...change].allSatisfy { $0 == 0 }, "program \(program) up to its change")
      let onset = part[change...].firstIndex { $0 != 0 }
      #expect(
        onset.map { $0 - change } ?? .max <= 8,
        "program \(program): change at \(change), sound from \(onset ?? -1)")
      if program == 0 {
        sum = part
      } else {
        for frame in sum.indices { sum[frame] += part[frame] }
      }
    }
    #expect(sum == stem)
  }

  /// The freedoom songs of 15 s or less, read.
  static func shortSongs() throws -> [(URL, MIDIFile)] {
    try GMSongs.songs.map { ($0, try MIDIFile(contentsOf: $0)) }.filter {
      ($0.1.events.last?.seconds ?? 0) <= 15
    }
  }

  /// The band a song plays: every program it uses, from `map`.
  static func band(for song: MIDIFile, map: InstrumentMap) throws -> Ensemble {
    let band = Ensemble(sampleRate: 48_000, maximumFrames: 1_024)
    for use in SongPrograms(song: song).uses {
      let choice = try Self.choice(for: use, in: map)
      band.setProgram(
        use.program, bank: use.bank, bankLSB: use.bankLSB, drums: use.drums,
        to: try band.instrument(at: choice.url, defines: choice.defines))
    }
    return band
  }

  /// The instrument `map` plays for `use`.
  static func choice(for use: SongPrograms.Use, in map: InstrumentMap) throws -> BankInstrument {
    let address = ProgramAddress(
      channel: use.channel, program: use.program, bankMSB: use.bank, bankLSB: use.bankLSB,
      isDrumChannel: use.drums)
    return try #require(map.instrument(for: address), "\(address)")
  }

  /// The part of `channels` alone: the whole song through an ensemble holding `instrument`
  /// alone, assigned to those channels, so the other channels' notes find nothing and every
  /// other event reaches it as in the band. A stem of the band must not depend on the other
  /// instruments in it: equal, bit for bit. (The same part through a plain `Sampler` differs by
  /// float rounding where the voices are summed in slot groups rather than by channel, 4e-7,
  /// and by up to 9e-4 where its render is cut into other spans, since the engine steps
  /// control-rate values such as LFOs from the start of each span.)
  static func renderAlone(
    channels: Set<Int>, instrument: URL, schedule: [ScheduledEvent], frames: Int
  ) throws -> [Float] {
    let alone = Ensemble(sampleRate: 48_000, maximumFrames: 1_024)
    let played = try alone.instrument(at: instrument)
    for channel in channels { alone.assign(channel: channel, to: played) }
    var out: [Float] = []
    EnsembleSongRenderer(ensemble: alone, blockSize: 1_024, stems: true).render(
      schedule, tailFrames: 48_000
    ) { block in
      for frame in 0..<block.frames {
        out.append(channels.sorted().reduce(Float(0)) { $0 + block.stemLeft[$1][frame] })
      }
      return out.count < frames
    }
    return Array(out.prefix(frames)) + [Float](repeating: 0, count: max(frames - out.count, 0))
  }
}
