/// What a run of sfzplay printed and how it ended, whether it ran as a process of its own
/// (`SFZPlayRunner`) or inside the tests' (`SFZPlayInProcess`).
protocol PrintedRun {
  /// The exit status.
  var status: Int32 { get }
  var stdout: String { get }
  var stderr: String { get }
}

extension PrintedRun {
  /// Non-empty lines of standard error.
  var errorLines: [String] {
    stderr.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }
}
