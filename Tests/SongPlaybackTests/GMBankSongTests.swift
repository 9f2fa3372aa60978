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
    for url in GMSongs.songs {
      let song = try MIDIFile(contentsOf: url)
      guard (song.events.last?.seconds ?? 0) <= 15 else { continue }
      let uses = SongPrograms(song: song).uses
      let band = Ensemble(sampleRate: Double(rate), maximumFrames: 1_024)
      // the channels each instrument plays, when each of them plays that instrument alone
      var groups: [URL: Set<Int>] = [:]
      var changesProgram = Set<Int>()
      for use in uses {
        let address = ProgramAddress(
          channel: use.channel, program: use.program, bankMSB: use.bank, bankLSB: use.bankLSB,
          isDrumChannel: use.drums)
        let choice = try #require(map.instrument(for: address), "\(address)")
        let instrument = try band.instrument(at: choice.url, defines: choice.defines)
        band.setProgram(
          use.program, bank: use.bank, bankLSB: use.bankLSB, drums: use.drums, to: instrument)
        groups[choice.url, default: []].insert(use.channel)
        if uses.filter({ $0.channel == use.channel }).count > 1 {
          changesProgram.insert(use.channel)
        }
      }
      let schedule = EventSchedule.make(song: song, sampleRate: rate)
      var mix: [Float] = []
      var stems = [[Float]](repeating: [], count: 16)
      EnsembleSongRenderer(ensemble: band, blockSize: 1_024, stems: true).render(
        schedule, tailFrames: rate
      ) { block in
        mix += block.left
        for channel in 0..<16 { stems[channel] += block.stemLeft[channel] }
        return true
      }
      var worst: Float = 0
      for frame in mix.indices {
        worst = max(worst, abs((0..<16).reduce(Float(0)) { $0 + stems[$1][frame] } - mix[frame]))
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

/// The GM bank `make gm-bank` converts (or wherever SFZSAMPLER_GM_BANK points), and the corpus's
/// freedoom General MIDI songs.
enum GMSongs {
  static let variable = ProcessInfo.processInfo.environment["SFZSAMPLER_GM_BANK"]
  static let bank: URL =
    variable.map { URL(fileURLWithPath: $0) }
    ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("sfzsampler-gm-bank")
  static let songs = TestData.files(under: TestData.corpusMIDI, extensions: ["mid"]).filter {
    $0.lastPathComponent.hasPrefix("freedoom_d_") && $0.lastPathComponent.contains("gm_drums")
  }
  static let isAvailable =
    FileManager.default.fileExists(atPath: bank.appendingPathComponent("000").path)
    && !songs.isEmpty
  static let skipReason =
    "needs the GM bank (`make gm-bank`, or SFZSAMPLER_GM_BANK) and ../shared/corpus/midi"
}
