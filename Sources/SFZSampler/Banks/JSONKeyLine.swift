import Foundation

/// Lines in a setup file's text, for messages: JSON decoders give a key path, not a line, and a
/// user fixing a typo wants the line.
enum JSONKeyLine {
  /// The line of the last key of `keys` (1-based), found by looking for each key as `"key"`
  /// followed by `:` after the previous one, so `channels.10.pan` finds the `pan` of channel 10,
  /// not another channel's. Nil when a key is not found that way.
  static func find(_ keys: [String], in text: String) -> Int? {
    let bytes = Array(text.utf8)
    var position = 0
    var found: Int?
    for key in keys {
      guard let at = keyPosition(key, in: bytes, from: position) else { return nil }
      found = at
      position = at + key.utf8.count + 2
    }
    return found.map { at in bytes[..<at].count { $0 == UInt8(ascii: "\n") } + 1 }
  }

  /// Where `text`'s JSON syntax goes wrong, as JSONSerialization says it (`JSONDecoder` on
  /// Linux gives no position at all): its message, and the line of the character offset it
  /// names (`Invalid value around character 20.`).
  static func syntaxError(in text: String) -> (line: Int?, message: String?) {
    do {
      _ = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
      return (nil, nil)
    } catch {
      let message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
      guard let message, let range = message.range(of: "character ") else { return (nil, message) }
      guard let offset = Int(message[range.upperBound...].prefix { $0.isASCII && $0.isNumber })
      else { return (nil, message) }
      // Counted here in bytes: exact for ASCII text, and a line's worth of non-ASCII text can
      // at most move it to a neighbouring line.
      let before = text.utf8.prefix(offset)
      return (before.count { $0 == UInt8(ascii: "\n") } + 1, message)
    }
  }

  private static func keyPosition(_ key: String, in bytes: [UInt8], from start: Int) -> Int? {
    let quoted = Array("\"\(key)\"".utf8)
    var i = start
    while i + quoted.count <= bytes.count {
      if bytes[i..<(i + quoted.count)].elementsEqual(quoted) {
        var j = i + quoted.count
        while j < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
        if j < bytes.count, bytes[j] == UInt8(ascii: ":") { return i }
      }
      i += 1
    }
    return nil
  }
}
