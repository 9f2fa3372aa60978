/// `#define` variables and their expansion.
///
/// Expansion rule (ARIA, and what real instruments such as Dim Cabasa rely on): after a `$`, the
/// identifier characters `[A-Za-z0-9_]` that follow are read, and the LONGEST prefix of them that
/// names a defined variable is replaced; the rest of the identifier stays as literal text. So with
/// `$POS` defined as `1`, `$POS_01` becomes `1_01`, and with both `$KeyCrash2` and `$KeyCrash2Edge`
/// defined, `$KeyCrash2Edge` picks the longer one. (sfizz's own unit test for overlapping names
/// expects the shortest prefix; we follow the longest, which keeps `$KeyCrash2Edge` meaningful.)
/// Values are stored unexpanded and expanded when used, so a definition may refer to a variable
/// defined after it.
struct Definitions {
  private(set) var values: [String: String] = [:]
  private var longestName = 0
  private static let maximumDepth = 16

  /// Defines or redefines `name` (without the `$`).
  mutating func define(_ name: String, _ value: String) {
    values[name] = value
    longestName = max(longestName, name.utf8.count)
  }

  /// Expands every `$variable` in `text`; undefined ones are left as written and reported
  /// through `undefined` (one call per occurrence).
  func expand(_ text: String, undefined: (String) -> Void) -> String {
    guard text.utf8.contains(Byte.dollar) else { return text }
    return expand(Array(text.utf8), depth: 0, undefined: undefined)
  }

  private func expand(_ bytes: [UInt8], depth: Int, undefined: (String) -> Void) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 16)
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      guard b == Byte.dollar else {
        out.append(b)
        i += 1
        continue
      }
      var end = i + 1
      while end < bytes.count && Byte.isIdentifier(bytes[end]) { end += 1 }
      let identifier = bytes[(i + 1)..<end]
      if let (length, value) = longestDefinedPrefix(identifier) {
        if depth < Self.maximumDepth && value.utf8.contains(Byte.dollar) {
          out.append(
            contentsOf: expand(Array(value.utf8), depth: depth + 1, undefined: undefined).utf8)
        } else {
          out.append(contentsOf: value.utf8)
        }
        i += 1 + length
      } else {
        if !identifier.isEmpty { undefined("$" + String(decoding: identifier, as: UTF8.self)) }
        out.append(contentsOf: bytes[i..<end])
        i = end
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  private func longestDefinedPrefix(_ identifier: ArraySlice<UInt8>) -> (Int, String)? {
    var length = min(identifier.count, longestName)
    while length > 0 {
      let candidate = String(decoding: identifier.prefix(length), as: UTF8.self)
      if let value = values[candidate] { return (length, value) }
      length -= 1
    }
    return nil
  }
}
