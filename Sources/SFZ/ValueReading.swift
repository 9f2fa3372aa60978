/// Reading numbers and note names out of opcode values.
enum ValueReading {
  /// The number at the start of `text` (optional `+`/`-`, digits, optional fraction) and the
  /// text left after it. Like common players, trailing characters do not make the value
  /// invalid; the caller decides whether to warn about them.
  static func leadingNumber(_ text: String) -> (value: Double, rest: Substring)? {
    let bytes = Array(text.utf8)
    var i = 0
    if i < bytes.count && (bytes[i] == 0x2B || bytes[i] == 0x2D) { i += 1 }
    let digitsStart = i
    while i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 { i += 1 }
    var digitCount = i - digitsStart
    if i < bytes.count && bytes[i] == 0x2E {
      let fractionStart = i + 1
      var j = fractionStart
      while j < bytes.count && bytes[j] >= 0x30 && bytes[j] <= 0x39 { j += 1 }
      digitCount += j - fractionStart
      if digitCount > 0 { i = j }
    }
    guard digitCount > 0 else { return nil }
    var numberText = String(decoding: bytes[0..<i], as: UTF8.self)
    if numberText.hasPrefix("+") { numberText.removeFirst() }
    if numberText.hasSuffix(".") { numberText.removeLast() }
    if numberText.hasPrefix(".") || numberText.hasPrefix("-.") {
      numberText = numberText.replacingOccurrences(of: ".", with: "0.")
    }
    guard let value = Double(numberText), value.isFinite else { return nil }
    let rest = String(decoding: bytes[i...], as: UTF8.self)
    return (value, Substring(rest))
  }

  /// MIDI note number of a note name (scientific pitch, C4 = 60): a letter `a`-`g` in either
  /// case, an optional `#`/`♯` (only after c, d, f, g, a) or `b`/`♭` (only after d, e, g, a, b),
  /// then an octave from -1 to 9. `c-1` = 0, `c#4` = `db4` = 61, `g9` = 127. Names outside
  /// 0...127 and impossible accidentals (`e#4`, `fb4`) give `nil`.
  static func noteNumber(_ text: String) -> Int? {
    var scalars = Substring(text.lowercased()).unicodeScalars[...]
    guard let letter = scalars.popFirst() else { return nil }
    let offsets: [Unicode.Scalar: Int] = ["c": 0, "d": 2, "e": 4, "f": 5, "g": 7, "a": 9, "b": 11]
    guard var semitone = offsets[letter] else { return nil }
    if let accidental = scalars.first {
      if accidental == "#" || accidental == "♯" {
        guard "cdfga".unicodeScalars.contains(letter) else { return nil }
        semitone += 1
        scalars.removeFirst()
      } else if accidental == "b" || accidental == "♭" {
        guard "degab".unicodeScalars.contains(letter) else { return nil }
        semitone -= 1
        scalars.removeFirst()
      }
    }
    guard let octave = Int(String(scalars)), octave >= -1, octave <= 9 else { return nil }
    let note = semitone + (octave + 1) * 12
    return (0...127).contains(note) ? note : nil
  }
}
