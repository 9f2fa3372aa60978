import Testing

@testable import SFZPlayKit

/// What a batch says while it runs (issue 29, item 5): at a terminal one bar redrawn in place
/// with songs done, audio rendered, failures and the time left; in a log a quiet line a render.
@Suite struct BatchProgressTests {
  /// Collects what the progress writes, with a clock the test sets.
  final class Screen: @unchecked Sendable {
    var drawn: [String] = []
    var lines: [String] = []
    var seconds = 0.0
  }

  static let erase = "\r\u{1B}[K"

  @Test func aTerminalSeesSongsAudioFailuresAndTheTimeLeftFromTheRenderedSongsRate() {
    let screen = Screen()
    // four songs, 300 s in all
    let progress = BatchProgress(
      lengths: [60, 60, 120, 60], draw: { screen.drawn.append($0) },
      printLine: { screen.lines.append($0) }, elapsed: { screen.seconds })
    #expect(screen.drawn == ["[--------------------] 0/4 songs, 0:00 of audio, 0 failed"])

    // 60 s of song (62 s with its tail) in 10 s: the 240 s left take 40 s more
    screen.seconds = 10
    progress.finished(length: 60, rendered: 62, skipped: false, failure: nil, line: "a.wav")
    #expect(
      screen.drawn.last
        == Self.erase + "[#####---------------] 1/4 songs, 1:02 of audio, 0 failed, about 0:40 left"
    )

    // a skipped render costs nothing, so the rate stays one of song in 10 s
    progress.finished(length: 60, rendered: 0, skipped: true, failure: nil, line: "b.wav")
    #expect(
      screen.drawn.last?.hasSuffix("2/4 songs, 1:02 of audio, 0 failed, about 0:30 left") == true)

    // a failure is said above the bar and counted; its song says nothing of the rate
    screen.seconds = 20
    progress.finished(
      length: 120, rendered: 0, skipped: false, failure: "c.mid: no such file", line: "c.wav")
    #expect(screen.drawn.suffix(2).first == Self.erase + "sfzplay: c.mid: no such file\n")
    #expect(
      screen.drawn.last?.hasSuffix("3/4 songs, 1:02 of audio, 1 failed, about 0:20 left") == true)

    progress.finished(length: 60, rendered: 61, skipped: false, failure: nil, line: "d.wav")
    #expect(
      screen.drawn.last?.hasPrefix(Self.erase + "[####################] 4/4 songs, 2:03 of audio")
        == true)
    progress.finish()
    #expect(screen.drawn.last == Self.erase)
    #expect(screen.lines.isEmpty)
  }

  @Test func aLogGetsOneQuietLineARenderAndNoBar() {
    let screen = Screen()
    let progress = BatchProgress(
      lengths: [60, 60], draw: nil, printLine: { screen.lines.append($0) })
    progress.finished(
      length: 60, rendered: 62, skipped: false, failure: nil, line: "rendered a.wav")
    progress.finished(
      length: 60, rendered: 0, skipped: false, failure: "b.mid: no such file",
      line: "failed b.wav: b.mid: no such file")
    progress.finish()
    #expect(
      screen.lines == [
        "sfzplay: [1/2] rendered a.wav", "sfzplay: [2/2] failed b.wav: b.mid: no such file",
      ])
    #expect(screen.drawn.isEmpty)
  }

  @Test func clockReadsMinutesAndHours() {
    #expect(BatchProgress.clock(62) == "1:02")
    #expect(BatchProgress.clock(3723) == "1:02:03")
  }
}
