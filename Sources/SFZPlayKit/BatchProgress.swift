import Foundation

/// A batch's progress: at a terminal one line redrawn in place (songs done, audio rendered,
/// failures, the time left); elsewhere (a log file, a scheduler's output) a quiet line per
/// finished render.
final class BatchProgress: @unchecked Sendable {
  private let total: Int
  /// The song lengths (seconds) of the part still to render, for the time left.
  private var audioLeft: Double
  private var audioDone = 0.0
  private var renderedAudio = 0.0
  private var done = 0
  private var failed = 0
  /// Seconds since the batch started.
  private let elapsed: () -> Double
  private let draw: ((String) -> Void)?
  private let printLine: (String) -> Void
  private let lock = NSLock()
  private static let width = 20

  /// Progress over `lengths` (each render's song length in seconds): drawn with `draw` when
  /// someone watches, else a line per render through `printLine`; `elapsed` gives the seconds
  /// since the batch started (a clock's, unless a test sets the time).
  init(
    lengths: [Double], draw: ((String) -> Void)?, printLine: @escaping (String) -> Void,
    elapsed: (() -> Double)? = nil
  ) {
    let started = ContinuousClock.now
    self.elapsed = elapsed ?? { BatchProgress.seconds(ContinuousClock.now - started) }
    total = lengths.count
    audioLeft = lengths.reduce(0, +)
    self.draw = draw
    self.printLine = printLine
    // at once, so a terminal shows the batch started before its first song is done
    draw?(bar)
  }

  /// Counts one finished render: `length` seconds of song, `rendered` seconds of audio written
  /// (0 when skipped or failed), and what to say about it.
  func finished(length: Double, rendered: Double, skipped: Bool, failure: String?, line: String) {
    lock.withLock {
      done += 1
      if failure != nil { failed += 1 }
      audioLeft -= length
      // skipped renders cost no time and failed ones little, so neither says anything about
      // the rate
      if !skipped && failure == nil { audioDone += length }
      renderedAudio += rendered
      guard let draw else {
        printLine("sfzplay: [\(done)/\(total)] \(line)")
        return
      }
      if let failure { draw("\r\u{1B}[K" + "sfzplay: \(failure)\n") }
      draw("\r\u{1B}[K" + bar)
    }
  }

  /// Erases the bar before the batch's closing line.
  func finish() {
    draw?("\r\u{1B}[K")
  }

  private var bar: String {
    let filled = total > 0 ? done * Self.width / total : Self.width
    let left =
      audioDone > 0 ? ", about " + Self.clock(elapsed() / audioDone * audioLeft) + " left" : ""
    return "[" + String(repeating: "#", count: filled)
      + String(repeating: "-", count: Self.width - filled) + "] \(done)/\(total) songs, "
      + Self.clock(renderedAudio) + " of audio, \(failed) failed" + left
  }

  /// `1:02:03` or `2:03`.
  static func clock(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
    return hours > 0
      ? String(format: "%d:%02d:%02d", hours, minutes, rest)
      : String(format: "%d:%02d", minutes, rest)
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }
}
