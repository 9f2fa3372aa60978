// swift-tools-version: 6.1
import PackageDescription

// A package of its own, so users of the library never resolve package-benchmark.
let benchmarkDependencies: [Target.Dependency] = [
  "BenchSupport",
  .product(name: "Benchmark", package: "benchmark"),
]

let package = Package(
  name: "SFZSamplerBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "SFZSampler", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
  ],
  targets: [
    .target(
      name: "BenchSupport",
      dependencies: [
        .product(name: "SFZSampler", package: "SFZSampler"),
        .product(name: "CSamplerCore", package: "SFZSampler"),
        .product(name: "SFZ", package: "SFZSampler"),
        .product(name: "MIDIFile", package: "SFZSampler"),
        .product(name: "SongPlayback", package: "SFZSampler"),
      ]
    ),
    .executableTarget(
      name: "Render",
      dependencies: benchmarkDependencies,
      path: "Benchmarks/Render",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "Loading",
      dependencies: benchmarkDependencies,
      path: "Benchmarks/Loading",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "Song",
      dependencies: benchmarkDependencies,
      path: "Benchmarks/Song",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(name: "VoiceReport", dependencies: ["BenchSupport"]),
    // Memory and time of loading each corpus instrument, each in a fresh process.
    .executableTarget(name: "LoadReport", dependencies: ["BenchSupport"]),
    // A large instrument streamed from disk: load time and memory, first note, and voices
    // streaming for a minute in real time, each in a fresh process from a cold page cache.
    .executableTarget(name: "StreamReport", dependencies: ["BenchSupport"]),
    // General MIDI songs through the GM bank against FluidSynth, and what a bank's loading costs.
    .executableTarget(
      name: "GMSongReport",
      dependencies: [
        "BenchSupport", .product(name: "SFZSampler", package: "SFZSampler"),
        .product(name: "MIDIFile", package: "SFZSampler"),
        .product(name: "SongPlayback", package: "SFZSampler"),
      ]),
    // Reverb and chorus on General MIDI songs: what they add and how the tail rings, beside
    // FluidSynth's.
    .executableTarget(name: "EffectsReport", dependencies: ["BenchSupport"]),
    .testTarget(name: "BenchSupportTests", dependencies: ["BenchSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
