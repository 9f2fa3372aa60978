import BenchSupport
import Benchmark
import Foundation

// A whole song rendered offline: the bundled demo, and a corpus piano piece when the corpus is
// present. `x_real_time` is seconds of audio per second of CPU time.
let benchmarks: @Sendable () -> Void = {
  let realTime = BenchmarkMetric.custom(
    "x_real_time", polarity: .prefersLarger, useScalingFactor: false)
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, realTime],
    warmupIterations: 1,
    maxDuration: .seconds(1),
    maxIterations: 50
  )
  var songs = [("demo", Corpus.demoInstrument, Corpus.demoSong)]
  if Corpus.isAvailable {
    let root = Corpus.root
    songs.append(
      (
        "corpus_cp80_mozart_k545",
        root.appendingPathComponent("instruments/GregSullivan.E-Pianos/CP80/CP80.sfz"),
        root.appendingPathComponent("midi/m21_mozart_k545_mvt1_excerpt_piano.mid")
      ))
  }
  // A General MIDI band song through the GM bank, with its reverb and chorus and without: what
  // the effects cost a whole song.
  if Corpus.isAvailable && GMSongRender.isAvailable {
    let song = Corpus.root.appendingPathComponent("midi/freedoom_d_dm24_type0_gm_drums_rpn.mid")
    for effects in [true, false] {
      let name = "gm_song_dm24_\(effects ? "effects" : "dry")"
      Benchmark(name) { benchmark, render in
        for _ in benchmark.scaledIterations {
          let start = ThreadCPUClock.now()
          benchmark.startMeasurement()
          let peak = render.render(effects: effects)
          benchmark.stopMeasurement()
          if peak == 0 { benchmark.error("\(name) rendered silence") }
          benchmark.measurement(realTime, Int(render.seconds / (ThreadCPUClock.now() - start)))
        }
      } setup: { () throws -> GMSongRender in
        try GMSongRender(song: song)
      }
    }
  }
  for (name, instrument, song) in songs {
    Benchmark("song_\(name)") { benchmark, render in
      for _ in benchmark.scaledIterations {
        let start = ThreadCPUClock.now()
        benchmark.startMeasurement()
        let peak = render.render()
        benchmark.stopMeasurement()
        if peak == 0 { benchmark.error("song_\(name) rendered silence") }
        benchmark.measurement(realTime, Int(render.seconds / (ThreadCPUClock.now() - start)))
      }
    } setup: { () throws -> SongRender in
      let render = try SongRender(instrument: instrument, song: song)
      print("song_\(name): \(String(format: "%.1f", render.seconds)) s of audio per render")
      return render
    }
  }
}
