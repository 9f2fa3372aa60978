import BenchSupport
import Benchmark

// Render cost of one 256-frame block for every configuration and voice count, with the malloc
// count of the render path held at 0 by a threshold.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.cpuTotal, .wallClock, .mallocCountTotal, .instructions],
    warmupIterations: 10,
    maxDuration: .milliseconds(400),
    maxIterations: 5_000,
    thresholds: [.mallocCountTotal: .init(absolute: [.p90: 0])]
  )
  for configuration in RenderConfiguration.matrix {
    for voices in RenderConfiguration.voiceCounts {
      Benchmark("render_\(configuration.name)_\(voices)v") { benchmark, rig in
        for _ in benchmark.scaledIterations { rig.engine.render() }
      } setup: {
        try VoiceRig(configuration, voiceCount: voices)
      }
    }
  }
}
