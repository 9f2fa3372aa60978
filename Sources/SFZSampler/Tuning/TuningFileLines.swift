import Foundation

/// The lines of a Scala file that carry something, numbered as an editor numbers them: lines
/// that begin with `!` are comments (leading spaces allowed), and both scale and keyboard
/// mapping files are read line by line from the top, with any line ending (LF, CRLF, CR).
struct TuningFileLines {
  /// A line that is not a comment, without its line ending.
  struct Line {
    var number: Int
    var text: Substring
  }

  let file: String
  private let lines: [Line]
  private var next = 0
  /// The number a line after the last one would have, for "the file ends here" messages.
  let endLine: Int

  /// Reads `url`; the file is named by its last path component in messages. Text that is not
  /// UTF-8 is read as ISO 8859-1, as the format allows.
  init(contentsOf url: URL) throws(TuningFileError) {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .unreadable(file: url.lastPathComponent, reason: error.localizedDescription)
    }
    // In ISO 8859-1 every byte is the code point of the same number.
    let text =
      String(data: data, encoding: .utf8)
      ?? String(String.UnicodeScalarView(data.map(Unicode.Scalar.init)))
    self.init(text: text, file: url.lastPathComponent)
  }

  init(text: String, file: String) {
    self.file = file
    var numbered: [Line] = []
    var number = 0
    // "\r\n" is one Character in Swift, so splitting on line breaks counts it once.
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      number += 1
      if raw.drop(while: Self.isBlank).first == "!" { continue }
      numbered.append(Line(number: number, text: raw))
    }
    lines = numbered
    endLine = number + (text.last?.isNewline == true ? 0 : 1)
  }

  /// The next line that is not a comment, blank or not; nil at the end.
  mutating func nextLine() -> Line? {
    guard next < lines.count else { return nil }
    defer { next += 1 }
    return lines[next]
  }

  /// The next line with something on it, skipping blank ones; nil at the end.
  mutating func nextFilledLine() -> Line? {
    while let line = nextLine() {
      if !line.text.allSatisfy(Self.isBlank) { return line }
    }
    return nil
  }

  /// The next filled line, or an error saying what was expected there.
  mutating func require(_ what: String) throws(TuningFileError) -> Line {
    guard let line = nextFilledLine() else {
      throw .invalidLine(file: file, line: endLine, reason: "the file ends where \(what) should be")
    }
    return line
  }

  /// An error about `line`, quoting what it holds.
  func refuse(_ line: Line, _ reason: String) -> TuningFileError {
    let shown = line.text.trimmingCharacters(in: .whitespaces)
    return .invalidLine(file: file, line: line.number, reason: "\"\(shown)\": \(reason)")
  }

  /// Spaces and tabs, which the format ignores around values.
  static func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" }
}
