import Foundation

/// This program run again as a child (`StreamReport --child ...`), so that each measurement
/// starts from an empty process: its own memory, its own reader thread, no warm decoder state.
enum ChildProcess {
  /// Runs the child with `arguments` and reads back its figures, or the line it failed with.
  static func figures(_ arguments: [String]) -> Result<Figures, ChildFailure> {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--child"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
      try process.run()
    } catch {
      return .failure(ChildFailure(message: "could not start: \(error)"))
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let output = String(decoding: data, as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
    let lastLine = output.split(separator: "\n").last.map(String.init) ?? ""
    guard process.terminationStatus == 0, let figures = Figures(line: lastLine) else {
      return .failure(
        ChildFailure(
          message: lastLine.isEmpty ? "exit status \(process.terminationStatus)" : lastLine))
    }
    return .success(figures)
  }
}

/// Why a child measurement gave no figures.
struct ChildFailure: Error, CustomStringConvertible {
  /// The child's last line, or how it ended.
  var message: String
  var description: String { message }
}
