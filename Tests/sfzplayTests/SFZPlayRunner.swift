import Foundation

/// Runs the built `sfzplay` binary and collects what it printed, for the tests that need a
/// process of its own: its exit status and signals, `--help`, the demo, and inputs that might
/// crash or hang it.
enum SFZPlayRunner {
  /// How one run ended.
  struct Outcome: PrintedRun {
    var status: Int32
    /// True when the process died of a signal (a crash), not by exiting.
    var wasSignalled: Bool
    var timedOut: Bool
    var stdout: String
    var stderr: String
  }

  /// The binary next to the test bundle (SwiftPM puts both in the products folder).
  static let binary: URL? = {
    var candidates: [URL] = []
    if let path = ProcessInfo.processInfo.environment["SFZPLAY_BINARY"] {
      candidates.append(URL(fileURLWithPath: path))
    }
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    candidates.append(runner.deletingLastPathComponent().appendingPathComponent("sfzplay"))
    var bundle = Bundle.main.bundleURL
    for _ in 0..<4 {
      candidates.append(bundle.appendingPathComponent("sfzplay"))
      bundle = bundle.deletingLastPathComponent()
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// The binary was not built next to the tests.
  struct BinaryMissing: Error, CustomStringConvertible {
    var description: String { "sfzplay binary not found next to the test bundle" }
  }

  static func requireBinary() throws -> URL {
    guard let binary else { throw BinaryMissing() }
    return binary
  }

  /// Runs sfzplay with `arguments` in `folder`; stops it after `timeout` seconds.
  static func run(
    _ arguments: [String], in folder: URL, timeout: Double = 60,
    environment: [String: String]? = nil
  ) async throws -> Outcome {
    let process = Process()
    process.executableURL = try requireBinary()
    process.arguments = arguments
    process.currentDirectoryURL = folder
    if let environment { process.environment = environment }
    let id = UUID().uuidString
    let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("\(id).out")
    let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("\(id).err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer {
      try? FileManager.default.removeItem(at: outURL)
      try? FileManager.default.removeItem(at: errURL)
    }
    let outHandle = try FileHandle(forWritingTo: outURL)
    let errHandle = try FileHandle(forWritingTo: errURL)
    process.standardOutput = outHandle
    process.standardError = errHandle
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    var timedOut = false
    while process.isRunning {
      if Date() > deadline {
        timedOut = true
        process.terminate()
        process.waitUntilExit()
        break
      }
      try await Task.sleep(nanoseconds: 5_000_000)
    }
    try outHandle.close()
    try errHandle.close()
    return Outcome(
      status: process.terminationStatus,
      wasSignalled: process.terminationReason == .uncaughtSignal, timedOut: timedOut,
      stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
  }

  /// Starts sfzplay without waiting, for tests that signal it.
  static func start(_ arguments: [String], in folder: URL) throws -> Process {
    let process = Process()
    process.executableURL = try requireBinary()
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }
}
