import ArgumentParser
import Foundation
import SFZPlayKit

/// Runs sfzplay's own code inside the tests' process, as the tool would run in `folder`: the same
/// parsing and validation, checks and render, with what it prints kept rather than printed.
enum SFZPlayInProcess {
  /// How one run ended and what it printed.
  struct Outcome: PrintedRun {
    /// The status the tool would exit with.
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The lines a run printed, collected by its context's printers.
  private final class Printed {
    var output: [String] = []
    var errors: [String] = []
  }

  /// Runs sfzplay with `arguments`, relative paths taken from `folder`.
  static func run(_ arguments: [String], in folder: URL) -> Outcome {
    let printed = Printed()
    let context = RunContext(
      currentFolder: folder.path,
      printOutput: { printed.output.append($0) },
      printError: { printed.errors.append($0) })
    let command: SFZPlay
    do {
      command = try SFZPlay.parse(arguments)
    } catch {
      // What ArgumentParser's `main()` prints and exits with for a usage error.
      return Outcome(
        status: SFZPlay.exitCode(for: error).rawValue, stdout: "",
        stderr: SFZPlay.fullMessage(for: error) + "\n")
    }
    var status = ExitCode.success
    do {
      if try !command.execute(in: context).succeeded { status = .failure }
    } catch {
      printed.errors.append(error.errorLine)
      status = .failure
    }
    return Outcome(
      status: status.rawValue, stdout: printed.output.map { $0 + "\n" }.joined(),
      stderr: printed.errors.map { $0 + "\n" }.joined())
  }
}
