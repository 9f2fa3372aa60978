import BenchSupport

/// The render cost of one configuration at one voice count.
struct CostMeasurement {
  let configuration: RenderConfiguration
  let voices: Int
  /// Frames per render call.
  let blockFrames: Int
  /// Thread CPU seconds per block: the minimum over the rounds.
  let secondsPerBlock: Double
  /// Median over fastest round: how noisy the machine was for this cell.
  let spread: Double

  static let sampleRate = 48_000.0
  /// The block size of the matrix and the headline figures.
  static let standardBlockFrames = 256

  /// CPU seconds per voice per output frame.
  var secondsPerVoiceFrame: Double {
    secondsPerBlock / Double(voices * blockFrames)
  }

  /// Voices one core renders in real time: 1 / (seconds per voice-frame x sample rate).
  var voicesPerCore: Double { 1 / (secondsPerVoiceFrame * Self.sampleRate) }

  /// One cell to measure.
  struct Cell: Hashable {
    let configuration: RenderConfiguration
    let voices: Int
    var blockFrames = CostMeasurement.standardBlockFrames
  }

  /// Times every cell in `rounds` interleaved rounds (one repetition of each cell per round, so
  /// that load from other processes spreads over all cells alike) and keeps each cell's fastest
  /// repetition. A repetition renders enough blocks for about `repetitionSeconds` of CPU time.
  static func measure(_ cells: [Cell], rounds: Int = 15, repetitionSeconds: Double = 0.02)
    throws(BenchError) -> [Cell: CostMeasurement]
  {
    var rigs: [VoiceRig] = []
    var blocks: [Int] = []
    for cell in cells {
      let rig = try VoiceRig(
        cell.configuration, voiceCount: cell.voices, blockFrames: cell.blockFrames)
      rigs.append(rig)
      blocks.append(blocksFor(rig.engine, seconds: repetitionSeconds))
    }
    var times = [[Double]](repeating: [], count: cells.count)
    for _ in 0..<rounds {
      for index in cells.indices {
        let engine = rigs[index].engine
        engine.render()  // bring this rig's data back into cache
        let start = ThreadCPUClock.now()
        for _ in 0..<blocks[index] { engine.render() }
        times[index].append((ThreadCPUClock.now() - start) / Double(blocks[index]))
      }
    }
    var results: [Cell: CostMeasurement] = [:]
    for (index, cell) in cells.enumerated() {
      let sounding = rigs[index].engine.activeVoices
      guard sounding == cell.voices else { throw .voiceCount(wanted: cell.voices, got: sounding) }
      let sorted = times[index].sorted()
      results[cell] = CostMeasurement(
        configuration: cell.configuration, voices: cell.voices, blockFrames: cell.blockFrames,
        secondsPerBlock: sorted[0],
        spread: sorted[sorted.count / 2] / sorted[0])
    }
    return results
  }

  private static func blocksFor(_ engine: CoreEngine, seconds: Double) -> Int {
    var blocks = 8
    while true {
      let start = ThreadCPUClock.now()
      for _ in 0..<blocks { engine.render() }
      let elapsed = ThreadCPUClock.now() - start
      if elapsed >= seconds / 4 { return max(8, Int(Double(blocks) * seconds / elapsed)) }
      blocks *= 4
    }
  }
}
