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
    // The LV2 instrument plugin's shared library; `make lv2` puts it in a bundle with its .ttl files.
    .library(name: "SFZSamplerLV2", type: .dynamic, targets: ["SFZSamplerLV2"]),
    .executable(name: "sfzsampler-lv2-bundle", targets: ["sfzsampler-lv2-bundle"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    // The C core in layers, one folder each (the order is in include/sampler_core.h); every
    // include names its folder from the target's root.
    .target(name: "CSamplerCore", cSettings: [.headerSearchPath(".")]),
    .systemLibrary(
      name: "CSndfile",
      pkgConfig: "sndfile",
      providers: [.apt(["libsndfile1-dev"]), .brew(["libsndfile"])]
    ),
    // The loudness meter (ITU-R BS.1770, EBU R128) of sfzplay's --normalize; only SFZPlayKit
    // links it, so a package that uses the SFZSampler library never needs it.
    .systemLibrary(
      name: "CEBUR128", pkgConfig: "libebur128",
      providers: [.apt(["libebur128-dev"]), .brew(["libebur128"])]),
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
    // OpenSSL's libcrypto: the SHA-256 of sfzplay batch's outputs (its EVP digests), so a
    // debug build checks gigabytes quickly too; only SFZPlayKit links it.
    .systemLibrary(
      name: "CCrypto", pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
    .target(name: "SongPlayback", dependencies: ["SFZSampler", "MIDIFile"]),
    // sfzplay's command, checks and render; the executable only calls it, so tests can too.
    .target(
      name: "SFZPlayKit",
      dependencies: [
        "SFZSampler", "SFZ", "MIDIFile", "SongPlayback", "CSndfile", "CEBUR128", "CCrypto",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "sfzplay",
      dependencies: [
        "SFZPlayKit", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .systemLibrary(name: "CLV2", pkgConfig: "lv2", providers: [.apt(["lv2-dev"]), .brew(["lv2"])]),
    // The plugin's real-time half: lv2_descriptor, run() and the LV2 glue, in C.
    .target(name: "CSFZSamplerLV2", dependencies: ["CSamplerCore", "CLV2"]),
    // The plugin's control half: the Sampler, instrument loading, state and ports.
    .target(
      name: "SFZSamplerLV2", dependencies: ["SFZSampler", "CSFZSamplerLV2", "CLV2"]
    ),
    // Writes the bundle's manifest.ttl, sfzsampler.ttl and presets.ttl.
    .executableTarget(
      name: "sfzsampler-lv2-bundle",
      dependencies: ["SFZSamplerLV2", "SFZSampler", "CSFZSamplerLV2"]
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
        "sfzplay", "SFZPlayKit", "CSndfile", "MIDIFile", "MIDITestSupport", "AudioTestSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "SFZTests", dependencies: ["SFZ", "AudioTestSupport"]),
    .testTarget(
      name: "SongPlaybackTests",
      dependencies: [
        "SongPlayback", "SFZSampler", "MIDIFile", "AudioTestSupport", "MIDITestSupport",
      ]
    ),
    .testTarget(
      name: "SFZSamplerTests",
      dependencies: [
        "SFZSampler", "SFZ", "MIDIFile", "SongPlayback", "CSndfile", "CSamplerCore",
        "AudioTestSupport", "MIDITestSupport",
      ]
    ),
    // A lilv host for the plugin's tests (lilv is the reference LV2 host library).
    .systemLibrary(
      name: "CLilv", path: "Tests/CLilv", pkgConfig: "lilv-0",
      providers: [.apt(["liblilv-dev"]), .brew(["lilv"])]
    ),
    // Loads the built plugin through lilv; needs the shared library and the bundle writer built,
    // so it depends on the writer (SwiftPM builds it) and never links the plugin itself.
    .testTarget(
      name: "LV2PluginTests",
      dependencies: [
        "sfzsampler-lv2-bundle", "CLilv", "SFZSampler", "CSamplerCore", "CSndfile",
        "AudioTestSupport",
      ],
      // the Lua script the Ardour test runs in ardour7-lua, read from the source tree
      exclude: ["Ardour"]
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
