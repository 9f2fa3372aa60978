import BenchSupport
import Foundation

/// The report's command line.
struct ReportOptions {
  /// The instrument (default: the big library).
  var instrument = BigLibrary.defaultInstrument
  /// Seconds of sustained streaming.
  var seconds = 60.0
  /// Voices kept sounding.
  var voices = 256
  /// The sampler's polyphony, above `voices` so released notes are not stolen.
  var polyphony = 320
  /// Frames preloaded per sample in the streaming run.
  var preloadFrames = 32_768
  /// Whether to load the instrument wholly into memory too.
  var includeNever = false

  init(_ arguments: [String]) throws(BenchError) {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--seconds": seconds = try Self.number(argument, rest.popFirst(), 1...3_600)
      case "--voices": voices = Int(try Self.number(argument, rest.popFirst(), 1...4_096))
      case "--polyphony": polyphony = Int(try Self.number(argument, rest.popFirst(), 1...4_096))
      case "--preload":
        preloadFrames = Int(try Self.number(argument, rest.popFirst(), 1...16_777_216))
      case "--never": includeNever = true
      default:
        guard !argument.hasPrefix("-") else {
          throw .file(path: argument, reason: "unknown option")
        }
        instrument = URL(fileURLWithPath: argument)
      }
    }
  }

  private static func number(_ option: String, _ text: String?, _ range: ClosedRange<Double>)
    throws(BenchError) -> Double
  {
    guard let text, let value = Double(text), range.contains(value) else {
      throw .file(path: option, reason: "needs a number in \(range)")
    }
    return value
  }
}
