import BenchSupport
import Foundation

/// What a child process measures, from its arguments:
/// `load MODE SFZ` (LoadProbe) or `stream SFZ SECONDS VOICES POLYPHONY PRELOAD`
/// (StreamingRun).
enum ChildCommand {
  static func run(_ arguments: [String]) throws(BenchError) -> Figures {
    switch (arguments.first, arguments.count) {
    case ("load", 3):
      let library = try BigLibrary(sfz: URL(fileURLWithPath: arguments[2]))
      return try LoadProbe.run(library: library, mode: arguments[1])
    case ("stream", 6):
      let library = try BigLibrary(sfz: URL(fileURLWithPath: arguments[1]))
      guard let seconds = Double(arguments[2]), let voices = Int(arguments[3]),
        let polyphony = Int(arguments[4]), let preload = Int(arguments[5])
      else { throw .file(path: arguments.joined(separator: " "), reason: "bad numbers") }
      return try StreamingRun.run(
        library: library, seconds: seconds, voices: voices, polyphony: polyphony,
        preloadFrames: preload)
    default:
      throw .file(path: arguments.joined(separator: " "), reason: "unknown child command")
    }
  }
}
