/// Shared formatting for errors and warnings, so both read `file: byte N: message`.
enum Diagnostic {
  static func line(file: String, offset: Int, message: String) -> String {
    "\(file): byte \(offset): \(message)"
  }

  static func hex<T: BinaryInteger>(_ value: T, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }

  /// Shows the first bytes of unrecognised data as text where printable, so the message says what
  /// the file looks like ("RIFF....WAVE", "<?xml").
  static func preview(_ bytes: ArraySlice<UInt8>) -> String {
    bytes.isEmpty ? "the data is empty" : "starts with \"\(printable(bytes.prefix(12)))\""
  }

  /// ASCII text with unprintable bytes shown as dots (chunk tags, file magic).
  static func printable(_ bytes: ArraySlice<UInt8>) -> String {
    String(
      bytes.map { byte -> Character in
        (0x20..<0x7F).contains(byte) ? Character(Unicode.Scalar(byte)) : "."
      })
  }
}

/// Collects non-fatal problems, keeping the list short for files that repeat the same fault in
/// thousands of tracks.
struct WarningLog {
  static let limit = 100

  private(set) var lines: [String] = []
  private var dropped = 0

  mutating func add(_ line: String) {
    if lines.count < Self.limit {
      lines.append(line)
    } else {
      dropped += 1
    }
  }

  mutating func add(_ error: MIDIFileError) {
    add(error.description)
  }

  var all: [String] {
    dropped == 0 ? lines : lines + ["\(dropped) more warnings not shown"]
  }
}
