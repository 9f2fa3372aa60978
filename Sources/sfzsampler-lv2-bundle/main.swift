import Foundation
import SFZSamplerLV2

// sfzsampler-lv2-bundle BUNDLE_DIR LIBRARY: makes the LV2 bundle BUNDLE_DIR (sfzsampler.lv2)
// from the plugin's shared library: copies the library in and writes manifest.ttl,
// sfzsampler.ttl (the ports: the parameter tree of a sampler made as the plugin makes its own)
// and presets.ttl (the library's factory presets) beside it.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(
    Data("usage: sfzsampler-lv2-bundle BUNDLE_DIR LIBRARY (the built libSFZSamplerLV2)\n".utf8))
  exit(2)
}
let bundle = URL(fileURLWithPath: arguments[1])
let library = URL(fileURLWithPath: arguments[2])
do {
  let files = FileManager.default
  try files.createDirectory(at: bundle, withIntermediateDirectories: true)
  let binary = bundle.appendingPathComponent(library.lastPathComponent)
  if files.fileExists(atPath: binary.path) { try files.removeItem(at: binary) }
  try files.copyItem(at: library, to: binary)
  // the ranges of the ports do not depend on the rate
  let writer = BundleTurtle(sampler: PluginPorts.sampler(sampleRate: 48_000))
  let turtle = [
    "manifest.ttl": writer.manifest(binary: library.lastPathComponent),
    "sfzsampler.ttl": writer.plugin(),
    "presets.ttl": writer.presets(),
  ]
  for (name, text) in turtle {
    try Data(text.utf8).write(to: bundle.appendingPathComponent(name), options: .atomic)
  }
  print("sfzsampler-lv2-bundle: wrote \(bundle.path)")
} catch {
  FileHandle.standardError.write(Data("sfzsampler-lv2-bundle: \(error)\n".utf8))
  exit(1)
}
