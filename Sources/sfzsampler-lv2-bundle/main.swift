import Foundation

// sfzsampler-lv2-bundle BUNDLE_DIR LIBRARY: makes the LV2 bundle BUNDLE_DIR (sfzsampler.lv2)
// from the plugin's shared library: copies the library in and writes manifest.ttl,
// sfzsampler.ttl and presets.ttl beside it.

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
  let turtle = [
    "manifest.ttl": BundleTurtle.manifest(binary: library.lastPathComponent),
    "sfzsampler.ttl": BundleTurtle.plugin(),
    "presets.ttl": BundleTurtle.presets(),
  ]
  for (name, text) in turtle {
    try Data(text.utf8).write(to: bundle.appendingPathComponent(name), options: .atomic)
  }
  print("sfzsampler-lv2-bundle: wrote \(bundle.path)")
} catch {
  FileHandle.standardError.write(Data("sfzsampler-lv2-bundle: \(error)\n".utf8))
  exit(1)
}
