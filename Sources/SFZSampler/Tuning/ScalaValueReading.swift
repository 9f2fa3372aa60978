/// Reads the values on the lines of Scala files. The format ignores spaces and tabs around a
/// value and anything after a valid one, so `5/4 E`, `386.3137 ! third` and `12 notes` read as
/// their leading value; what cannot be a value at all is refused by the caller with the reason
/// these functions give.
enum ScalaValueReading {
  /// A whole number, optionally signed, at the start of `text`.
  static func integer(_ text: Substring) -> Int? {
    var scanner = Scanner(text)
    let negative = scanner.sign()
    guard let digits = scanner.digits(), scanner.endsValue, let value = Int(digits) else {
      return nil
    }
    return negative ? -value : value
  }

  /// A decimal number such as `440`, `440.0` or `261.6255653` at the start of `text`.
  static func decimal(_ text: Substring) -> Double? {
    var scanner = Scanner(text)
    let negative = scanner.sign()
    let whole = scanner.digits() ?? ""
    var fraction: Substring = ""
    if scanner.take(".") { fraction = scanner.digits() ?? "" }
    guard !(whole.isEmpty && fraction.isEmpty), scanner.endsValue,
      let value = Double("\(whole.isEmpty ? "0" : whole).\(fraction.isEmpty ? "0" : fraction)")
    else { return nil }
    return negative ? -value : value
  }

  /// A pitch line of a scale: cents when the value has a period, else a ratio (`2` is `2/1`).
  static func pitch(_ text: Substring) -> Result<ScalaPitch, PitchProblem> {
    var probe = Scanner(text)
    _ = probe.sign()
    _ = probe.digits()
    if probe.peek == "." {
      guard let cents = decimal(text) else { return .failure(.malformed) }
      return .success(.cents(cents))
    }
    var scanner = Scanner(text)
    let negative = scanner.sign()
    guard let numerator = scanner.digits() else { return .failure(.malformed) }
    var denominator: Substring = "1"
    if scanner.take("/") {
      guard let digits = scanner.digits() else { return .failure(.malformed) }
      denominator = digits
    }
    guard scanner.endsValue else { return .failure(.malformed) }
    guard !negative else { return .failure(.negativeRatio) }
    // Numerators and denominators past 2^53 lose digits as doubles, not the pitch's cents.
    guard let n = Double(numerator), let d = Double(denominator), n > 0, d > 0 else {
      return .failure(.zeroInRatio)
    }
    return .success(.ratio(numerator: n, denominator: d))
  }

  /// Why a pitch line was refused.
  enum PitchProblem: Error {
    case malformed, negativeRatio, zeroInRatio

    var reason: String {
      switch self {
      case .malformed:
        "not a pitch: a ratio (3/2, or 2 for 2/1) or cents with a period (701.955)"
      case .negativeRatio: "a negative ratio is not a pitch"
      case .zeroInRatio: "a ratio with 0 above or below the slash is not a pitch"
      }
    }
  }

  /// Walks the start of a line: blanks, then a value made of signs, digits, a period or a slash.
  private struct Scanner {
    private var rest: Substring

    init(_ text: Substring) { rest = text.drop(while: TuningFileLines.isBlank) }

    var peek: Character? { rest.first }

    /// Whether the value is over: nothing follows, or something that cannot continue it (a
    /// blank, a comment, a label). A digit, period or slash there means a malformed value.
    var endsValue: Bool {
      guard let next = rest.first else { return true }
      return !(next.isASCII && (next.isNumber || next == "." || next == "/"))
    }

    /// Takes a leading `-` or `+`; true for `-`.
    mutating func sign() -> Bool {
      if take("-") { return true }
      _ = take("+")
      return false
    }

    mutating func take(_ c: Character) -> Bool {
      guard rest.first == c else { return false }
      rest = rest.dropFirst()
      return true
    }

    mutating func digits() -> Substring? {
      let run = rest.prefix(while: { $0.isASCII && $0.isNumber })
      guard !run.isEmpty else { return nil }
      rest = rest.dropFirst(run.count)
      return run
    }
  }
}
