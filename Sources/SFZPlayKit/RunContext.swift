import Foundation

/// What a run of sfzplay takes from the process around it: the folder relative paths start
/// from, the environment, where its lines go, and whether it may install signal handlers.
///
/// The tool runs with ``process``; a test runs the same code in a folder of its own, keeping the
/// printed lines, while other tests run beside it in the same process.
public struct RunContext {
  /// The folder relative paths on the command line are taken from.
  public var currentFolder: String
  /// Environment variables (`SFZPLAY_INSTRUMENTS` points at the bundled demo).
  public var environment: [String: String]
  /// Prints one line of results: the summary, `--check`'s report.
  public var printOutput: (String) -> Void
  /// Prints one line of warnings or errors.
  public var printError: (String) -> Void
  /// Draws progress text in place; nil where nobody watches (a pipe, a log, a test).
  public var drawProgress: ((String) -> Void)?
  /// Whether an interrupted render removes its temporary file. Signal handlers belong to the
  /// whole process, so only a process that is nothing but this run may install them.
  public var removesTemporaryFileOnSignal: Bool

  /// A context without progress or signal handlers, for running sfzplay inside another program.
  public init(
    currentFolder: String, environment: [String: String] = [:],
    printOutput: @escaping (String) -> Void, printError: @escaping (String) -> Void
  ) {
    self.currentFolder = currentFolder
    self.environment = environment
    self.printOutput = printOutput
    self.printError = printError
    drawProgress = nil
    removesTemporaryFileOnSignal = false
  }

  /// The tool's own process: its current folder and environment, standard output and standard
  /// error, progress when standard error is a terminal (so logs and pipes stay clean), and
  /// signal handlers.
  public static var process: RunContext {
    var context = RunContext(
      currentFolder: FileManager.default.currentDirectoryPath,
      environment: ProcessInfo.processInfo.environment,
      printOutput: { print($0) },
      printError: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
    if isatty(STDERR_FILENO) == 1 {
      context.drawProgress = { FileHandle.standardError.write(Data($0.utf8)) }
    }
    context.removesTemporaryFileOnSignal = true
    return context
  }

  /// `path` as given on the command line, resolved against ``currentFolder``.
  func resolve(_ path: String) -> GivenPath {
    GivenPath(path, in: currentFolder)
  }
}
