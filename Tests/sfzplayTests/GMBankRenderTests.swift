import AudioTestSupport
import Foundation
import MIDIFile
import Testing

/// sfzplay with real General MIDI band songs through the FluidR3 bank `make gm-bank` converts:
/// at the defaults no song clips (songs play 14 dB down, FluidSynth's default gain of 0.2), and
/// `--normalize` lands on its target as ffmpeg's own BS.1770 meter measures it. The songs of
/// 15 s or less, so the suite stays quick in a debug build (all eight freedoom songs, measured
/// with the release build: peaks from -15.6 to -1.3 dBFS). Skipped without the bank.
@Suite(.enabled(if: GMSongs.isAvailable, Comment(rawValue: GMSongs.skipReason)))
struct GMBankRenderTests {
  static let shortSongs = GMSongs.songs.filter {
    ((try? MIDIFile(contentsOf: $0))?.events.last?.seconds ?? .infinity) <= 15
  }

  @Test func noSongClipsAtTheDefaults() throws {
    try #require(!Self.shortSongs.isEmpty, "no short freedoom song in the corpus")
    let fixture = try Fixture()
    defer { fixture.remove() }
    for song in Self.shortSongs {
      let outcome = SFZPlayInProcess.run(
        [GMSongs.bank.path, song.path, "-o", "song.wav", "--bit-depth", "32f", "--quiet"],
        in: fixture.folder)
      #expect(outcome.status == 0, "\(outcome.stderr)")
      let samples = try AudioFile(url: fixture.url("song.wav")).samples
      let peak = Measure.dB(Double(samples.map(abs).max() ?? 0))
      #expect(peak < 0 && peak > -30, "\(song.lastPathComponent) peaks at \(peak) dBFS")
    }
  }

  @Test(arguments: ["-1dBTP", "-14LUFS"])
  func normalizeLandsOnItsTarget(target: String) throws {
    let ffmpeg = try #require(SongBankTests.ffmpeg, "ffmpeg measures the result")
    let song = try #require(Self.shortSongs.first)
    let fixture = try Fixture()
    defer { fixture.remove() }
    let outcome = SFZPlayInProcess.run(
      [GMSongs.bank.path, song.path, "-o", "song.wav", "--normalize", target, "--quiet"],
      in: fixture.folder)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let measured = try SongBankTests.ffmpegMeasure(ffmpeg, fixture.url("song.wav"))
    let found = target.hasSuffix("LUFS") ? measured.integrated : measured.truePeak
    let value = Double(target.dropLast(4))!  // both units are four letters
    #expect(abs(found - value) < 0.1, "\(song.lastPathComponent): ffmpeg measures \(found)")
  }
}
