import Foundation

/// One degree of a Scala scale, above the implicit 1/1.
public enum ScalaPitch: Sendable, Equatable {
  /// A frequency ratio, such as 3/2.
  case ratio(numerator: Double, denominator: Double)
  /// An interval in cents (a hundredth of a 12-TET semitone), such as 701.955.
  case cents(Double)

  /// The interval above 1/1 in cents.
  public var cents: Double {
    switch self {
    case .ratio(let numerator, let denominator): 1200 * log2(numerator / denominator)
    case .cents(let cents): cents
    }
  }
}

/// A scale in the Scala `.scl` format (Scala scale file format, huygens-fokker.org/scala/
/// scl_format.html): a description line, the number of notes, then one pitch per line, each a
/// ratio (`5/4`, `2` for `2/1`) or cents (`386.31`, with a period). The 1/1 is implicit, and the
/// last pitch is the interval the scale repeats at (usually 2/1, but any interval: a scale that
/// ends short of the octave repeats at its last degree, as the format says).
///
/// Read leniently, as the format allows: comment lines (`!`) anywhere, spaces and tabs around
/// values, ratios and cents mixed, anything after a valid value ignored (`5/4 E`), blank lines
/// between pitches, UTF-8 or ISO 8859-1 text. Refused, naming the line: a count that is not a
/// whole number, a pitch that is not one (a negative ratio, `3/2.0`, text), and fewer or more
/// pitch lines than the count says.
///
/// ```swift
/// let scale = try ScalaScale(contentsOf: URL(fileURLWithPath: "19edo.scl"))
/// print(scale.description, scale.pitches.count)   // "19 equal divisions of the octave" 19
/// ```
public struct ScalaScale: Sendable, Equatable {
  /// The description line (may be empty).
  public var description: String
  /// The degrees above 1/1, in file order; the last one is the interval the scale repeats at.
  public var pitches: [ScalaPitch]
  /// The file the scale was read from (its last path component), for messages.
  public var file: String
  /// The line of the note count, where messages about the scale as a whole point.
  var countLine = 0

  /// The most pitches a scale may have; the format allows a reader to set a limit.
  public static let maximumPitchCount = 65_536

  /// A scale made in code.
  public init(description: String, pitches: [ScalaPitch], file: String = "<scale>") {
    self.description = description
    self.pitches = pitches
    self.file = file
  }

  /// Reads a `.scl` file.
  public init(contentsOf url: URL) throws(TuningFileError) {
    var lines = try TuningFileLines(contentsOf: url)
    try self.init(lines: &lines)
  }

  /// Reads `.scl` text; `file` names it in messages.
  public init(text: String, file: String = "<scale>") throws(TuningFileError) {
    var lines = TuningFileLines(text: text, file: file)
    try self.init(lines: &lines)
  }

  private init(lines: inout TuningFileLines) throws(TuningFileError) {
    file = lines.file
    guard let descriptionLine = lines.nextLine() else {
      throw .invalidLine(
        file: file, line: lines.endLine, reason: "the file ends where the description should be")
    }
    description = descriptionLine.text.trimmingCharacters(in: .whitespaces)
    let countLine = try lines.require("the number of notes")
    self.countLine = countLine.number
    guard let count = ScalaValueReading.integer(countLine.text),
      (0...Self.maximumPitchCount).contains(count)
    else {
      throw lines.refuse(
        countLine,
        "the number of notes should be a whole number 0...\(Self.maximumPitchCount) (the"
          + " description is the first line that is not a comment: line \(descriptionLine.number))"
      )
    }
    pitches = []
    pitches.reserveCapacity(count)
    for _ in 0..<count {
      guard let line = lines.nextFilledLine() else {
        throw .invalidLine(
          file: file, line: lines.endLine,
          reason: "the file ends after \(pitches.count) of the \(count) pitches line"
            + " \(countLine.number) announces (the last one, often 2/1, must be listed too)")
      }
      switch ScalaValueReading.pitch(line.text) {
      case .success(let pitch): pitches.append(pitch)
      case .failure(let problem): throw lines.refuse(line, problem.reason)
      }
    }
    if let extra = lines.nextFilledLine() {
      throw lines.refuse(
        extra,
        "a pitch beyond the \(count) that line \(countLine.number) announces; correct the count")
    }
  }

  /// Cents above the scale's 1/1 of `degree` (any whole number: the scale repeats at its last
  /// pitch up and down). Nil for a scale with no pitches, which has nothing to repeat.
  func cents(ofDegree degree: Int) -> Double? {
    guard let period = pitches.last?.cents else { return degree == 0 ? 0 : nil }
    let size = pitches.count
    let (repeats, index) = degree.floorDivided(by: size)
    return Double(repeats) * period + (index == 0 ? 0 : pitches[index - 1].cents)
  }
}

extension Int {
  /// The quotient rounded down and the remainder that goes with it (0..<divisor for a positive
  /// divisor), so keys below the middle note count back through the scale.
  func floorDivided(by divisor: Int) -> (quotient: Int, remainder: Int) {
    let remainder = ((self % divisor) + divisor) % divisor
    return ((self - remainder) / divisor, remainder)
  }
}
