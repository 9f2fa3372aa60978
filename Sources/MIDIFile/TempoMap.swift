/// Converts absolute ticks to seconds.
///
/// Times are exact rationals until the final division: for metrical time the numerator is
/// `sum(ticks in segment * microseconds per quarter)` in 128-bit integers and the denominator
/// `ticks per quarter * 1_000_000`, so a tick's time never depends on how many events came before
/// it, and equal ticks always give identical seconds.
struct TempoMap {
  /// A stretch of constant tempo starting at `tick`, where `elapsed` is the exact time of `tick`
  /// in units of 1 / `denominator` seconds.
  private struct Segment {
    var tick: Int
    var elapsed: Int128
    var microsecondsPerQuarter: Int
  }

  /// Tempo before the first Set Tempo event: 120 beats per minute.
  static let defaultMicrosecondsPerQuarter = 500_000

  private var segments: [Segment]
  /// Multiplier per tick when the division is SMPTE (tempo is ignored there).
  private let smpteTickNumerator: Int128
  private let denominator: Double

  /// `changes` must be sorted by tick; at equal ticks the last change wins.
  init(division: Division, changes: [ParsedTrack.TempoChange]) {
    switch division {
    case .ticksPerQuarter(let ticks):
      segments = [
        Segment(tick: 0, elapsed: 0, microsecondsPerQuarter: Self.defaultMicrosecondsPerQuarter)
      ]
      smpteTickNumerator = 0
      denominator = Double(ticks) * 1_000_000
      for change in changes {
        let last = segments[segments.count - 1]
        if change.tick == last.tick {
          segments[segments.count - 1].microsecondsPerQuarter = change.microsecondsPerQuarter
        } else {
          let elapsed =
            last.elapsed + Int128(change.tick - last.tick) * Int128(last.microsecondsPerQuarter)
          segments.append(
            Segment(
              tick: change.tick, elapsed: elapsed,
              microsecondsPerQuarter: change.microsecondsPerQuarter))
        }
      }
    case .smpte(let framesPerSecond, let ticksPerFrame):
      segments = []
      let ratio = Division.smpteSecondsPerTick(
        framesPerSecond: framesPerSecond, ticksPerFrame: ticksPerFrame)
      smpteTickNumerator = Int128(ratio.numerator)
      denominator = Double(ratio.denominator)
    }
  }

  /// Seconds from the start of the file to `tick`.
  func seconds(atTick tick: Int) -> Double {
    guard !segments.isEmpty else {
      return Double(Int128(tick) * smpteTickNumerator) / denominator
    }
    let segment = segments[segmentIndex(containing: tick)]
    let elapsed =
      segment.elapsed + Int128(tick - segment.tick) * Int128(segment.microsecondsPerQuarter)
    return Double(elapsed) / denominator
  }

  /// Index of the last segment starting at or before `tick` (binary search).
  private func segmentIndex(containing tick: Int) -> Int {
    var low = 0
    var high = segments.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if segments[middle].tick <= tick {
        low = middle
      } else {
        high = middle - 1
      }
    }
    return low
  }
}
