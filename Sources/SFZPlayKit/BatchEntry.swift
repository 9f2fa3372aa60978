import Foundation

/// One line of a batch manifest: a render with the single render's options under their names.
/// Paths are kept as written and resolved against the manifest's folder by the run.
struct BatchEntry {
  /// The manifest line it came from, counting from 1.
  var line: Int
  var song: String
  /// An SFZ file, a bank folder or a bank file: sfzplay's first argument.
  var instrument: String
  var output: String
  var setup: String?
  var stems: String?
  var report: String?
  var sampleRate: Int?
  var bitDepth: String?
  var tail: Double?
  var gain: Double?
  /// The line's keys and values in a fixed order: what the batch's record keeps to know the
  /// render again, whatever the line's spacing or key order.
  var identity: String

  /// The keys a line may have, and whether each must be there.
  static let keys: [(name: String, required: Bool)] = [
    ("song", true), ("instrument", true), ("output", true), ("setup", false), ("stems", false),
    ("report", false), ("sample_rate", false), ("bit_depth", false), ("tail", false),
    ("gain", false),
  ]

  /// Reads one manifest line; the error names the key that is wrong and how.
  init(line: Int, text: String) throws(BatchManifestError) {
    let object: [String: Any]
    do {
      guard let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      else { throw BatchManifestError(line: line, problem: "expected a JSON object") }
      object = parsed
    } catch let error as BatchManifestError {
      throw error
    } catch {
      throw BatchManifestError(line: line, problem: "not valid JSON")
    }
    let known = Set(Self.keys.map(\.name))
    if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
      throw BatchManifestError(
        line: line,
        problem:
          "unknown key \"\(unknown)\" (keys: \(Self.keys.map(\.name).joined(separator: ", ")))")
    }
    for key in Self.keys where key.required && object[key.name] == nil {
      throw BatchManifestError(line: line, problem: "missing the key \"\(key.name)\"")
    }
    func string(_ key: String) throws(BatchManifestError) -> String? {
      guard let value = object[key] else { return nil }
      guard let text = value as? String, !text.isEmpty else {
        throw BatchManifestError(line: line, problem: "\"\(key)\" must be a non-empty string")
      }
      return text
    }
    func number(_ key: String) throws(BatchManifestError) -> Double? {
      guard let value = object[key] else { return nil }
      // JSONSerialization reads true and false as numbers too, of the type "c" (a C char),
      // which no JSON number gets
      guard let number = value as? NSNumber, String(cString: number.objCType) != "c"
      else { throw BatchManifestError(line: line, problem: "\"\(key)\" must be a number") }
      return number.doubleValue
    }
    self.line = line
    song = try string("song")!
    instrument = try string("instrument")!
    output = try string("output")!
    setup = try string("setup")
    stems = try string("stems")
    report = try string("report")
    if let rate = try number("sample_rate") {
      guard rate == rate.rounded(), abs(rate) < 1e9 else {
        throw BatchManifestError(line: line, problem: "\"sample_rate\" must be a whole number")
      }
      sampleRate = Int(rate)
    }
    // 16, 24 and "32f": a number or a string, as on the command line
    if let depth = object["bit_depth"] {
      if let text = depth as? String {
        bitDepth = text
      } else if let value = try number("bit_depth"), value == value.rounded(), abs(value) < 1e9 {
        bitDepth = String(Int(value))
      } else {
        throw BatchManifestError(line: line, problem: "\"bit_depth\" must be 16, 24 or \"32f\"")
      }
    }
    tail = try number("tail")
    gain = try number("gain")
    let canonical = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    identity = canonical.map { String(decoding: $0, as: UTF8.self) } ?? text
  }

  /// The single render's command line for this entry: the options the line gives, and the
  /// batch's thread count.
  func arguments(threads: Int) -> [String] {
    var arguments = [instrument, song, "--output", output, "--threads", String(threads), "--quiet"]
    if let setup { arguments += ["--setup", setup] }
    if let stems { arguments += ["--stems", stems] }
    if let report { arguments += ["--report", report] }
    if let sampleRate { arguments += ["--sample-rate", String(sampleRate)] }
    if let bitDepth { arguments += ["--bit-depth", bitDepth] }
    if let tail { arguments += ["--tail", String(tail)] }
    if let gain { arguments += ["--gain", String(gain)] }
    return arguments
  }
}

/// What is wrong with a manifest line.
public struct BatchManifestError: Error, CustomStringConvertible {
  /// The line, counting from 1.
  public var line: Int
  /// What is wrong with it.
  public var problem: String

  /// `line 3: missing the key "output"`.
  public var description: String { "line \(line): \(problem)" }
}
