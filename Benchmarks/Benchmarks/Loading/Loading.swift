import BenchSupport
import Benchmark
import Foundation
import SFZ
import SFZSampler

// Loading: SFZ parse time, decode throughput (MB/s of 24-bit PCM) for WAV, FLAC and WavPack,
// and the time from loadUsingSfzFile to the first audible note.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
    warmupIterations: 1,
    maxDuration: .seconds(1),
    maxIterations: 200
  )
  let megabytesPerSecond = BenchmarkMetric.custom(
    "decode_MB_per_s", polarity: .prefersLarger, useScalingFactor: false)

  var parseTargets = [("demo", Corpus.demoInstrument)]
  if Corpus.isAvailable {
    let instruments = Corpus.root.appendingPathComponent("instruments")
    parseTargets.append(
      ("corpus_dim_cabasa", instruments.appendingPathComponent("kinwie.dim-cabasa/Dim Cabasa.sfz")))
    parseTargets.append(
      (
        "corpus_discord_gm_bank",
        instruments.appendingPathComponent("Discord-SFZ-GM-Bank/Discord GM/Discord GM Bank.sfz")
      ))
  }
  for (name, url) in parseTargets {
    Benchmark("parse_sfz_\(name)") { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(try? SFZInstrument.load(url: url))
      }
    }
  }

  for format in ["wav", "flac", "wv"] {
    Benchmark(
      "decode_\(format)_24bit_stereo_10s",
      configuration: .init(metrics: [.wallClock, .cpuTotal, megabytesPerSecond])
    ) { benchmark, fixtures in
      let sampler = Sampler(sampleRate: 48_000)
      let descriptor = SampleDescriptor(
        noteNumber: 60, noteFrequency: 261.63, minimumNoteNumber: 0, maximumNoteNumber: 127,
        minimumVelocity: -1, maximumVelocity: -1, isLooping: false, loopStartPoint: 0,
        loopEndPoint: 0, startPoint: 0, endPoint: 0)
      for _ in benchmark.scaledIterations {
        let start = ThreadCPUClock.wall()
        benchmark.startMeasurement()
        _ = try? sampler.loadAudioFile(from: descriptor, path: fixtures.url(format).path)
        benchmark.stopMeasurement()
        let seconds = ThreadCPUClock.wall() - start
        benchmark.measurement(megabytesPerSecond, Int(Double(fixtures.pcmBytes) / 1e6 / seconds))
        sampler.unloadAllSamples()
      }
    } setup: {
      try AudioFixtures()
    }
  }

  var firstNoteTargets = [("demo", Corpus.demoInstrument)]
  if Corpus.isAvailable {
    firstNoteTargets.append(
      ("corpus_ganjo", Corpus.root.appendingPathComponent("instruments/ganjo/ganjo.sfz")))
  }
  for (name, url) in firstNoteTargets {
    let key = FirstNote.playableKey(url)
    Benchmark(
      "load_to_first_note_\(name)",
      configuration: .init(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident], maxDuration: .seconds(2),
        maxIterations: 20)
    ) { benchmark in
      if FirstNote.seconds(url, key: key) == nil {
        benchmark.error("\(url.path): key \(key) never became audible")
      }
    }
  }
}
