import Foundation

/// How a Scala scale is laid on the MIDI keys: a Scala keyboard mapping (`.kbm`, described in
/// Scala's help under "mappings", huygens-fokker.org/scala/help.htm#mappings).
///
/// The file gives, one value per line (comment lines start with `!`): the size of the map (the
/// pattern repeats every so many keys; 0 for a linear mapping, one scale degree per key), the
/// first and last MIDI keys to retune, the middle key (where the first entry of the map, and
/// degree 0, is), the reference key and the frequency it is tuned to, the scale degree that is
/// the formal octave (0 for the scale's last degree), then one entry per key of the map: a scale
/// degree, or `x` for a key that plays nothing. Entries left out at the end are `x` too.
///
/// ```
/// ! white keys: a 7-note scale on C D E F G A B, black keys silent
/// 12
/// 0
/// 127
/// 60
/// 69
/// 440.0
/// 7
/// 0
/// x
/// 1
/// ...
/// ```
public struct KeyboardMapping: Sendable, Equatable {
  /// Keys in one repetition of the pattern; 0 for a linear mapping.
  public var size: Int
  /// The keys that are retuned; the others keep their 12-TET pitch (A4 = 440 Hz).
  public var keys: ClosedRange<Int>
  /// The key of the map's first entry, and of the scale's 1/1 in a linear mapping.
  public var middleKey: Int
  /// The key whose frequency is given.
  public var referenceKey: Int
  /// The reference key's frequency in Hz.
  public var referenceFrequency: Double
  /// How many scale degrees one repetition of the pattern moves; 0 for the scale's size.
  public var octaveDegree: Int
  /// The scale degree of each key of the pattern from the middle key on; nil plays nothing.
  public var entries: [Int?]
  /// The file the mapping was read from (its last path component), for messages.
  public var file: String
  /// The line of the reference key, where messages about it point.
  var referenceLine = 0

  /// Scala's default: the scale's 1/1 on middle C (key 60), tuned to its 12-TET pitch
  /// (261.6256 Hz with A4 = 440 Hz), one degree per key over all 128 keys.
  public static let standard = KeyboardMapping(
    size: 0, keys: 0...127, middleKey: 60, referenceKey: 60,
    referenceFrequency: Tuning.frequency(ofNote: 60), octaveDegree: 0, entries: [],
    file: "<standard mapping>")

  /// A mapping made in code.
  public init(
    size: Int, keys: ClosedRange<Int>, middleKey: Int, referenceKey: Int,
    referenceFrequency: Double, octaveDegree: Int, entries: [Int?],
    file: String = "<keyboard mapping>"
  ) {
    self.size = size
    self.keys = keys
    self.middleKey = middleKey
    self.referenceKey = referenceKey
    self.referenceFrequency = referenceFrequency
    self.octaveDegree = octaveDegree
    self.entries = entries
    self.file = file
  }

  /// Reads a `.kbm` file.
  public init(contentsOf url: URL) throws(TuningFileError) {
    var lines = try TuningFileLines(contentsOf: url)
    try self.init(lines: &lines)
  }

  /// Reads `.kbm` text; `file` names it in messages.
  public init(text: String, file: String = "<keyboard mapping>") throws(TuningFileError) {
    var lines = TuningFileLines(text: text, file: file)
    try self.init(lines: &lines)
  }

  private init(lines: inout TuningFileLines) throws(TuningFileError) {
    let file = lines.file
    func whole(_ what: String, _ range: ClosedRange<Int>) throws(TuningFileError) -> (Int, Int) {
      let line = try lines.require(what)
      guard let value = ScalaValueReading.integer(line.text), range.contains(value) else {
        throw lines.refuse(line, "\(what) should be a whole number \(range)")
      }
      return (value, line.number)
    }
    let (size, _) = try whole("the size of the map", 0...ScalaScale.maximumPitchCount)
    let (first, _) = try whole("the first key to retune", 0...127)
    let (last, lastLine) = try whole("the last key to retune", 0...127)
    guard first <= last else {
      throw .invalidLine(
        file: file, line: lastLine,
        reason: "the last key to retune, \(last), is below the first,"
          + " \(first)")
    }
    let (middle, _) = try whole("the middle key", 0...127)
    let (reference, referenceLine) = try whole("the reference key", 0...127)
    let frequencyLine = try lines.require("the reference frequency")
    guard let frequency = ScalaValueReading.decimal(frequencyLine.text), frequency > 0,
      frequency.isFinite
    else {
      throw lines.refuse(frequencyLine, "the reference frequency should be a number of Hz above 0")
    }
    let (octave, _) = try whole("the scale degree of the formal octave", 0...Int(Int32.max))
    var entries: [Int?] = []
    while let line = lines.nextFilledLine() {
      guard entries.count < size else {
        throw lines.refuse(line, "a map entry beyond the \(size) the size of the map allows")
      }
      if line.text.drop(while: TuningFileLines.isBlank).first?.lowercased() == "x" {
        entries.append(nil)
      } else if let degree = ScalaValueReading.integer(line.text), degree >= 0 {
        entries.append(degree)
      } else {
        throw lines.refuse(line, "a map entry should be a scale degree (0, 1, ...) or x")
      }
    }
    self.init(
      size: size, keys: first...last, middleKey: middle, referenceKey: reference,
      referenceFrequency: frequency, octaveDegree: octave, entries: entries, file: file)
    self.referenceLine = referenceLine
  }

  /// The scale degree `key` plays, counted from the 1/1 on the middle key; nil when the map
  /// leaves it unmapped. `scaleSize` stands in for an octave degree of 0.
  func degree(ofKey key: Int, scaleSize: Int) -> Int? {
    guard size > 0 else { return key - middleKey }
    let (repeats, index) = (key - middleKey).floorDivided(by: size)
    guard index < entries.count, let entry = entries[index] else { return nil }
    return entry + repeats * (octaveDegree == 0 ? scaleSize : octaveDegree)
  }
}
