import Foundation

/// A one-line progress bar, drawn only where someone watches (`RunContext.drawProgress`) and
/// redrawn only when the shown percentage changes.
struct ProgressBar {
  private let label: String
  private let draw: ((String) -> Void)?
  private var shownPercent = -1
  private static let width = 30

  init(label: String, quiet: Bool, draw: ((String) -> Void)?) {
    self.label = label
    self.draw = quiet ? nil : draw
  }

  /// Shows `fraction` (0...1) of the work done.
  mutating func update(_ fraction: Double) {
    guard let draw else { return }
    let percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
    guard percent != shownPercent else { return }
    shownPercent = percent
    let filled = percent * Self.width / 100
    let bar =
      String(repeating: "#", count: filled)
      + String(repeating: "-", count: Self.width - filled)
    draw("\r\(label) [\(bar)] \(percent)%")
  }

  /// Erases the bar, so the summary that follows starts on a clean line.
  func finish() {
    guard let draw, shownPercent >= 0 else { return }
    draw("\r\u{1B}[K")
  }
}
