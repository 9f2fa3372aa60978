import Foundation

/// Turns SFZ bytes into header and opcode tokens, running the preprocessor on the way:
/// `#define` and `#include` are handled in textual order (defines persist across includes) and
/// `$variables` are expanded in opcode names and values.
///
/// Tokenizing rules, matching what ARIA and sfizz accept in real files:
/// - `//` starts a comment anywhere (sample paths in the wild never contain `//`), `/* */` too.
/// - A value runs to the end of its line and stops early at `<`, at a comment, at blanks
///   followed by `name=`, or at blanks followed by `#define`/`#include`. So values may hold
///   spaces (`sample=My Dir/a 1.wav key=60`) and `=` (`hikey=72offset=320` keeps the value
///   `72offset=320`: no blank separates the two opcodes, so the second one is not seen; the
///   builder warns about it when reading the number).
/// - `#define $NAME value` takes one blank-delimited token as its value, so a define can sit
///   in the middle of a line (`<group> #define $POS 1 seq_position=$POS`).
/// - `base64data`/`data` values (embedded samples of `<sample>`) run to the next `<`.
struct SFZLexer {
  /// Deepest allowed chain of nested `#include`s.
  static let maximumIncludeDepth = 32

  private(set) var tokens: [SFZToken] = []
  private(set) var diagnostics: [SFZDiagnostic] = []
  private(set) var includedFiles: [String] = []
  private var definitions = Definitions()
  private var includeStack: [String] = []
  private let baseDirectory: String
  private let resolver: PathResolver

  init(baseDirectory: String, resolver: PathResolver) {
    self.baseDirectory = baseDirectory
    self.resolver = resolver
  }

  /// Defines variables before the main file is read, as a bank file does for the SFZ files it
  /// names; the file's own `#define`s replace them like any redefinition. Names may carry the `$`
  /// (as written in SFZ and in ARIA's `<Define>`) or not; an invalid one is reported at line 0
  /// of `file` rather than dropped without a word. Sorted, so the warnings come in a stable order.
  mutating func predefine(_ defines: [String: String], file: String) {
    for (name, value) in defines.sorted(by: { $0.key < $1.key }) {
      let bare = name.utf8.first == Byte.dollar ? name.utf8.dropFirst() : name.utf8[...]
      guard !bare.isEmpty, bare.allSatisfy(Byte.isIdentifier) else {
        warn(
          SFZLocation(file: file, line: 0),
          "predefined variable '\(name)' is not a valid name ('$' then letters, digits or '_'); "
            + "ignored")
        continue
      }
      definitions.define(String(decoding: bare, as: UTF8.self), value)
    }
  }

  /// Lexes the main file; `identity` is its absolute path for the include cycle guard.
  mutating func lexMain(_ bytes: [UInt8], file: String, identity: String) {
    includeStack.append(identity)
    lex(bytes, file: file)
    includeStack.removeLast()
  }

  private mutating func warn(_ location: SFZLocation, _ message: String) {
    diagnostics.append(SFZDiagnostic(.warning, at: location, message))
  }

  private mutating func fail(_ location: SFZLocation, _ message: String) {
    diagnostics.append(SFZDiagnostic(.error, at: location, message))
  }

  private mutating func lex(_ input: [UInt8], file: String) {
    var bytes = input
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    var i = 0
    var line = 1
    let n = bytes.count
    while i < n {
      let b = bytes[i]
      if b == Byte.newline {
        line += 1
        i += 1
      } else if Byte.isBlank(b) {
        i += 1
      } else if b == Byte.slash && i + 1 < n && bytes[i + 1] == Byte.slash {
        while i < n && bytes[i] != Byte.newline { i += 1 }
      } else if b == Byte.slash && i + 1 < n && bytes[i + 1] == Byte.star {
        i = skipBlockComment(bytes, from: i, line: &line, file: file)
      } else if b == Byte.less {
        i = lexHeader(bytes, from: i, line: line, file: file)
      } else if b == Byte.hash {
        i = lexDirective(bytes, from: i, line: line, file: file)
      } else {
        i = lexOpcode(bytes, from: i, line: &line, file: file)
      }
    }
  }

  private mutating func skipBlockComment(
    _ bytes: [UInt8], from start: Int, line: inout Int, file: String
  ) -> Int {
    let startLine = line
    var i = start + 2
    while i + 1 < bytes.count {
      if bytes[i] == Byte.star && bytes[i + 1] == Byte.slash { return i + 2 }
      if bytes[i] == Byte.newline { line += 1 }
      i += 1
    }
    if i < bytes.count && bytes[i] == Byte.newline { line += 1 }
    fail(SFZLocation(file: file, line: startLine), "unterminated block comment")
    return bytes.count
  }

  private mutating func lexHeader(_ bytes: [UInt8], from start: Int, line: Int, file: String)
    -> Int
  {
    var j = start + 1
    while j < bytes.count && bytes[j] != Byte.greater && bytes[j] != Byte.newline
      && bytes[j] != Byte.less
    {
      j += 1
    }
    let location = SFZLocation(file: file, line: line)
    guard j < bytes.count && bytes[j] == Byte.greater else {
      let text = String(decoding: bytes[start..<j], as: UTF8.self)
      fail(location, "unterminated header '\(text)'")
      return j
    }
    let name = String(decoding: bytes[(start + 1)..<j], as: UTF8.self).lowercased()
    tokens.append(.header(name: name, location: location))
    return j + 1
  }

  private func word(_ bytes: [UInt8], at start: Int) -> (String, Int) {
    var j = start
    while j < bytes.count && Byte.isIdentifier(bytes[j]) { j += 1 }
    return (String(decoding: bytes[start..<j], as: UTF8.self), j)
  }

  private func skipBlanks(_ bytes: [UInt8], from start: Int) -> Int {
    var j = start
    while j < bytes.count && Byte.isBlank(bytes[j]) { j += 1 }
    return j
  }

  private func nonSpaceToken(_ bytes: [UInt8], from start: Int) -> (String, Int) {
    var j = start
    while j < bytes.count && !Byte.isSpace(bytes[j]) { j += 1 }
    return (String(decoding: bytes[start..<j], as: UTF8.self), j)
  }

  /// True when `#define` or `#include` starts at `start` as a whole word.
  private func startsDirective(_ bytes: [UInt8], at start: Int) -> Bool {
    guard start < bytes.count && bytes[start] == Byte.hash else { return false }
    let (name, end) = word(bytes, at: start + 1)
    return (name == "define" || name == "include")
      && (end == bytes.count || Byte.isSpace(bytes[end]))
  }

  private mutating func lexDirective(
    _ bytes: [UInt8], from start: Int, line: Int, file: String
  ) -> Int {
    let location = SFZLocation(file: file, line: line)
    let (name, afterName) = word(bytes, at: start + 1)
    switch name {
    case "define":
      let (variable, afterVariable) = nonSpaceToken(bytes, from: skipBlanks(bytes, from: afterName))
      let (value, afterValue) = nonSpaceToken(bytes, from: skipBlanks(bytes, from: afterVariable))
      let identifier = variable.utf8.dropFirst()
      guard variable.utf8.first == Byte.dollar, !identifier.isEmpty,
        identifier.allSatisfy(Byte.isIdentifier), !value.isEmpty
      else {
        fail(location, "malformed #define (expected '#define $NAME value')")
        return afterValue
      }
      definitions.define(String(decoding: identifier, as: UTF8.self), value)
      return afterValue
    case "include":
      return lexInclude(bytes, from: skipBlanks(bytes, from: afterName), location: location)
    default:
      let (text, end) = nonSpaceToken(bytes, from: start)
      warn(location, "unknown directive '\(text)' ignored")
      return max(end, start + 1)
    }
  }

  private mutating func lexInclude(_ bytes: [UInt8], from start: Int, location: SFZLocation)
    -> Int
  {
    var j = start + 1
    guard start < bytes.count && bytes[start] == Byte.quote else {
      fail(location, "malformed #include (the file name must be in double quotes)")
      return nonSpaceToken(bytes, from: start).1
    }
    while j < bytes.count && bytes[j] != Byte.quote && bytes[j] != Byte.newline { j += 1 }
    guard j < bytes.count && bytes[j] == Byte.quote else {
      fail(location, "malformed #include (missing closing quote)")
      return j
    }
    let raw = String(decoding: bytes[(start + 1)..<j], as: UTF8.self)
    include(expand(raw, at: location), at: location)
    return j + 1
  }

  private mutating func include(_ written: String, at location: SFZLocation) {
    let relative = written.replacingOccurrences(of: "\\", with: "/")
    let joined = relative.hasPrefix("/") ? relative : baseDirectory + "/" + relative
    guard let path = resolver.resolve(joined) else {
      warn(location, "included file '\(written)' not found")
      return
    }
    guard !includeStack.contains(path) else {
      warn(location, "recursive #include of '\(written)' skipped")
      return
    }
    guard includeStack.count <= Self.maximumIncludeDepth else {
      warn(
        location, "#include depth limit (\(Self.maximumIncludeDepth)) reached, '\(written)' skipped"
      )
      return
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      warn(location, "included file '\(written)' cannot be read")
      return
    }
    if !includedFiles.contains(path) { includedFiles.append(path) }
    includeStack.append(path)
    lex([UInt8](data), file: path)
    includeStack.removeLast()
  }

  private mutating func expand(_ text: String, at location: SFZLocation) -> String {
    var undefined: [String] = []
    let result = definitions.expand(text) { undefined.append($0) }
    for name in undefined { warn(location, "undefined variable '\(name)' left as is") }
    return result
  }

  private mutating func lexOpcode(
    _ bytes: [UInt8], from start: Int, line: inout Int, file: String
  ) -> Int {
    let n = bytes.count
    let location = SFZLocation(file: file, line: line)
    var j = start
    while j < n && !Byte.isSpace(bytes[j]) && bytes[j] != Byte.equals && bytes[j] != Byte.less {
      j += 1
    }
    guard j > start, j < n, bytes[j] == Byte.equals else {
      let (text, end) = nonSpaceToken(bytes, from: start)
      warn(location, "unexpected text '\(text)' ignored")
      return max(end, start + 1)
    }
    let writtenName = String(decoding: bytes[start..<j], as: UTF8.self)
    // Opcode names are case-insensitive: real files write `Sample=` and players accept it.
    let name = expand(writtenName, at: location).lowercased()
    let valueStart = j + 1
    let (valueEnd, next) =
      name == "base64data" || name == "data"
      ? scanEmbeddedData(bytes, from: valueStart, line: &line)
      : scanValue(bytes, from: valueStart)
    var value = ""
    if valueEnd > valueStart {
      value = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
        .trimmingCharacters(in: .whitespaces)
    }
    tokens.append(.opcode(name: name, value: expand(value, at: location), location: location))
    return next
  }

  /// Returns (end of the trimmed value, where lexing resumes).
  private func scanValue(_ bytes: [UInt8], from start: Int) -> (Int, Int) {
    let n = bytes.count
    var k = start
    var valueEnd = start
    while k < n {
      let c = bytes[k]
      if c == Byte.newline || c == Byte.less { break }
      if c == Byte.slash && k + 1 < n && (bytes[k + 1] == Byte.slash || bytes[k + 1] == Byte.star) {
        break
      }
      if Byte.isBlank(c) {
        let m = skipBlanks(bytes, from: k)
        if startsDirective(bytes, at: m) { break }
        var q = m
        while q < n && Byte.isOpcodeName(bytes[q]) { q += 1 }
        if q > m && q < n && bytes[q] == Byte.equals { break }
        k = m
        continue
      }
      k += 1
      valueEnd = k
    }
    return (valueEnd, k)
  }

  private func scanEmbeddedData(_ bytes: [UInt8], from start: Int, line: inout Int) -> (Int, Int) {
    var k = start
    while k < bytes.count && bytes[k] != Byte.less {
      if bytes[k] == Byte.newline { line += 1 }
      k += 1
    }
    var end = k
    while end > start && Byte.isSpace(bytes[end - 1]) { end -= 1 }
    return (end, k)
  }
}
