import BenchSupport

/// The render cost of one configuration at one voice count.
struct CostMeasurement {
  let configuration: RenderConfiguration
  let voices: Int
  /// Thread CPU seconds per 256-frame block: the minimum over the repetitions.
  let secondsPerBlock: Double
  /// Largest over smallest repetition: how noisy the machine was.
  let spread: Double

  static let sampleRate = 48_000.0
  static let blockFrames = 256

  /// CPU seconds per voice per output frame.
  var secondsPerVoiceFrame: Double {
    secondsPerBlock / Double(voices * Self.blockFrames)
  }

  /// Voices one core renders in real time: 1 / (seconds per voice-frame x sample rate).
  var voicesPerCore: Double { 1 / (secondsPerVoiceFrame * Self.sampleRate) }

  /// Builds a rig and times it: enough blocks per repetition for `repetitionSeconds` of CPU time,
  /// then the fastest of `repetitions`.
  static func measure(
    _ configuration: RenderConfiguration, voices: Int, repetitions: Int = 7,
    repetitionSeconds: Double = 0.03
  ) throws(BenchError) -> CostMeasurement {
    let rig = try VoiceRig(configuration, voiceCount: voices, blockFrames: blockFrames)
    let engine = rig.engine
    var blocks = 8
    while true {
      let start = ThreadCPUClock.now()
      for _ in 0..<blocks { engine.render() }
      let elapsed = ThreadCPUClock.now() - start
      if elapsed >= repetitionSeconds / 4 {
        blocks = max(8, Int(Double(blocks) * repetitionSeconds / elapsed))
        break
      }
      blocks *= 4
    }
    var times: [Double] = []
    for _ in 0..<repetitions {
      let start = ThreadCPUClock.now()
      for _ in 0..<blocks { engine.render() }
      times.append((ThreadCPUClock.now() - start) / Double(blocks))
    }
    guard engine.activeVoices == voices else {
      throw .voiceCount(wanted: voices, got: engine.activeVoices)
    }
    let fastest = times.min() ?? 0
    return CostMeasurement(
      configuration: configuration, voices: voices, secondsPerBlock: fastest,
      spread: (times.max() ?? 0) / fastest)
  }
}
