import Foundation

/// Runs command-line tools (`sox`, `flac`, `wavpack`, or this program as a child).
public enum Tool {
  /// Runs `command` (looked up on PATH unless it contains a slash) and returns its standard
  /// output, trimmed, or nil when it fails.
  public static func output(_ command: String, _ arguments: [String]) -> String? {
    let executable: URL
    var arguments = arguments
    if command.contains("/") {
      executable = URL(fileURLWithPath: command)
    } else {
      executable = URL(fileURLWithPath: "/usr/bin/env")
      arguments.insert(command, at: 0)
    }
    guard let data = standardOutput(executable, arguments) else { return nil }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Runs `executable` with `arguments`, its standard error discarded, and returns its standard
  /// output, or nil when it cannot start or exits with a failure.
  public static func standardOutput(_ executable: URL, _ arguments: [String]) -> Data? {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
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
    return process.terminationStatus == 0 ? data : nil
  }

  /// Runs `command` and throws when it fails.
  public static func run(_ command: String, _ arguments: [String]) throws(BenchError) {
    guard output(command, arguments) != nil else {
      throw .tool(command: ([command] + arguments).joined(separator: " "), status: 1)
    }
  }
}
