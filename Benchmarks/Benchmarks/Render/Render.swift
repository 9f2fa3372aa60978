import BenchSupport
import Benchmark

// Render cost of one 256-frame block for every configuration and voice count, with the malloc
// count of the render path held at 0 by a threshold. Wall clock only: package-benchmark's CPU
// time and instruction metrics allocate while they sample, which would hide the render path's
// own count (`VoiceReport` measures thread CPU time instead).
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    warmupIterations: 10,
    maxDuration: .milliseconds(300),
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
