// swift-tools-version: 6.1
// Fuzz targets for the parsers, decoders and instrument loading, kept out of the main package so
// its users never build them. Run with `make fuzz` or scripts/fuzz.sh (see README.md).
import PackageDescription

// The decoder targets reach internal types through `@testable import SFZSampler`, which works
// because fuzz builds are debug builds (compiled with testing enabled).
let decoderTargets = [
  "FuzzWAV", "FuzzAIFF", "FuzzFLAC", "FuzzWavPack", "FuzzRawSample", "FuzzInstrument",
]

let package = Package(
  name: "SFZSamplerFuzz",
  dependencies: [.package(name: "SFZSampler", path: "..")],
  targets: [
    .executableTarget(
      name: "FuzzMIDIFile",
      dependencies: [.product(name: "MIDIFile", package: "SFZSampler")]
    ),
    .executableTarget(
      name: "FuzzSFZ",
      dependencies: [.product(name: "SFZ", package: "SFZSampler")]
    ),
    .executableTarget(
      name: "FuzzTuning",
      dependencies: [.product(name: "SFZSampler", package: "SFZSampler")]
    ),
    .target(
      name: "FuzzSupport",
      dependencies: [.product(name: "SFZSampler", package: "SFZSampler")]
    ),
  ]
    + decoderTargets.map { name in
      .executableTarget(
        name: name,
        dependencies: ["FuzzSupport", .product(name: "SFZSampler", package: "SFZSampler")]
      )
    },
  swiftLanguageModes: [.v6]
)
