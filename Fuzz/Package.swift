// swift-tools-version: 6.1
// Fuzz targets for the parsers, kept out of the main package so its users never build them.
// Run with `make fuzz` (see README.md).
import PackageDescription

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
  ],
  swiftLanguageModes: [.v6]
)
