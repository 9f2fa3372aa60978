import Foundation

/// Runs command-line tools (`sox`, `flac`, `wavpack`, or this program as a child).
public enum Tool {
  /// Runs `command` (looked up on PATH unless it contains a slash) and returns its standard
  /// output, trimmed, or nil when it fails.
  public static func output(_ command: String, _ arguments: [String]) -> String? {
    let process = Process()
    if command.contains("/") {
      process.executableURL = URL(fileURLWithPath: command)
      process.arguments = arguments
    } else {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [command] + arguments
    }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return nil
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Runs `command` and throws when it fails.
  public static func run(_ command: String, _ arguments: [String]) throws(BenchError) {
    guard output(command, arguments) != nil else {
      throw .tool(command: ([command] + arguments).joined(separator: " "), status: 1)
    }
  }
}
