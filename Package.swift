// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "SFZSampler",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "SFZSampler", targets: ["SFZSampler"]),
    .library(name: "MIDIFile", targets: ["MIDIFile"]),
    .library(name: "SFZ", targets: ["SFZ"]),
    .library(name: "SongPlayback", targets: ["SongPlayback"]),
    // The C render core on its own, for C hosts and for the benchmarks.
    .library(name: "CSamplerCore", targets: ["CSamplerCore"]),
    .executable(name: "sfzplay", targets: ["sfzplay"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    .target(name: "CSamplerCore"),
    .systemLibrary(
      name: "CSndfile",
      pkgConfig: "sndfile",
      providers: [.apt(["libsndfile1-dev"]), .brew(["libsndfile"])]
    ),
    .systemLibrary(
      name: "CWavPack",
      pkgConfig: "wavpack",
      providers: [.apt(["libwavpack-dev"]), .brew(["wavpack"])]
    ),
    .target(
      name: "SFZSampler",
      dependencies: ["CSamplerCore", "CSndfile", "CWavPack", "SFZ"]
    ),
    .target(name: "MIDIFile"),
    .target(name: "SFZ"),
    .target(name: "SongPlayback", dependencies: ["SFZSampler", "MIDIFile"]),
    // sfzplay's command, checks and render; the executable only calls it, so tests can too.
    .target(
      name: "SFZPlayKit",
      dependencies: [
        "SFZSampler", "SFZ", "MIDIFile", "SongPlayback", "CSndfile",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "sfzplay",
      dependencies: [
        "SFZPlayKit", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Counts one thread's heap allocations by standing in for malloc in the test executable.
    .target(name: "CAllocationCounter", path: "Tests/CAllocationCounter"),
    .target(
      name: "AudioTestSupport", dependencies: ["CAllocationCounter"], path: "Tests/AudioTestSupport"
    ),
    .target(name: "MIDITestSupport", path: "Tests/MIDITestSupport"),
    .testTarget(
      name: "CSamplerCoreTests",
      dependencies: ["CSamplerCore", "AudioTestSupport"]
    ),
    .testTarget(
      name: "MIDIFileTests", dependencies: ["MIDIFile", "MIDITestSupport", "AudioTestSupport"]),
    // Most tests call SFZPlayKit directly; a few run the built sfzplay.
    .testTarget(
      name: "sfzplayTests",
      dependencies: [
        "sfzplay", "SFZPlayKit", "CSndfile", "MIDITestSupport", "AudioTestSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "SFZTests", dependencies: ["SFZ", "AudioTestSupport"]),
    .testTarget(
      name: "SongPlaybackTests", dependencies: ["SongPlayback", "SFZSampler", "AudioTestSupport"]),
    .testTarget(
      name: "SFZSamplerTests",
      dependencies: [
        "SFZSampler", "SFZ", "MIDIFile", "SongPlayback", "CSndfile", "CSamplerCore",
        "AudioTestSupport", "MIDITestSupport",
      ]
    ),
  ],
  swiftLanguageModes: [.v6],
  cLanguageStandard: .c11
)

// The documentation plugin, only while `make docs` builds the catalog (SFZSAMPLER_DOCS=1): a
// package that depends on SFZSampler by version never resolves it, and plain builds fetch nothing.
if Context.environment["SFZSAMPLER_DOCS"] != nil {
  package.dependencies.append(
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
