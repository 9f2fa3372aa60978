/// What a run of sfzplay did, when it did not fail with an `SFZPlayError`.
public enum SFZPlayOutcome {
  /// A song was rendered into the output file.
  case rendered(RenderSummary)
  /// `--check` loaded an instrument; `passed` is false when it has errors (or warnings, with
  /// `--strict`).
  case checked(passed: Bool)

  /// Whether the tool exits with success.
  public var succeeded: Bool {
    switch self {
    case .rendered: return true
    case .checked(let passed): return passed
    }
  }
}
