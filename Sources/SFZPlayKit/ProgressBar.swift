import Foundation

/// A one-line progress bar on standard error, drawn only when standard error is a terminal (so
/// logs and pipes stay clean) and redrawn only when the shown percentage changes.
struct ProgressBar {
  private let label: String
  private let isEnabled: Bool
  private var shownPercent = -1
  private static let width = 30

  init(label: String, quiet: Bool) {
    self.label = label
    isEnabled = !quiet && isatty(STDERR_FILENO) == 1
  }

  /// Shows `fraction` (0...1) of the work done.
  mutating func update(_ fraction: Double) {
    guard isEnabled else { return }
    let percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
    guard percent != shownPercent else { return }
    shownPercent = percent
    let filled = percent * Self.width / 100
    let bar =
      String(repeating: "#", count: filled)
      + String(repeating: "-", count: Self.width - filled)
    FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(percent)%".utf8))
  }

  /// Erases the bar, so the summary that follows starts on a clean line.
  func finish() {
    guard isEnabled, shownPercent >= 0 else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }
}
