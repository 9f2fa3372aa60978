import Foundation
import SFZSampler
import Testing

/// Reading Scala files as the Scala scale file format (huygens-fokker.org/scala/scl_format.html)
/// and Scala's keyboard mapping format (huygens-fokker.org/scala/help.htm#mappings) describe
/// them: the leniency the formats allow, and the line of anything refused.
@Suite("Scala files")
struct ScalaFileTests {
  /// "Lines beginning with an exclamation mark are regarded as comments"; "If the value contains
  /// a period, it is a cents value, otherwise a ratio"; "'2' should be taken as '2/1'";
  /// "Anything after a valid pitch value should be ignored"; spaces and tabs are ignored.
  @Test func commentsMixedValuesAndTrailingText() throws {
    let text = """
      ! meantone.scl
      !
      Quarter-comma meantone, five notes for the test
       5
      ! the pitches
        76.04900
      \t5/4   E, a pure third
      503.42157 ! a comment after the value
      3/2

      2
      """
    let scale = try ScalaScale(text: text, file: "meantone.scl")
    #expect(scale.description == "Quarter-comma meantone, five notes for the test")
    #expect(
      scale.pitches == [
        .cents(76.049), .ratio(numerator: 5, denominator: 4), .cents(503.42157),
        .ratio(numerator: 3, denominator: 2), .ratio(numerator: 2, denominator: 1),
      ])
    #expect(abs(scale.pitches[1].cents - 386.3137) < 1e-4)
  }

  /// "If there is no description, there should be an empty line"; CRLF line ends; a scale that
  /// ends short of the octave repeats at its last degree, as written.
  @Test func emptyDescriptionAndNonOctavePeriod() throws {
    let scale = try ScalaScale(text: "!bp\r\n\r\n2\r\n3/2\r\n3/1\r\n", file: "bp.scl")
    #expect(scale.description == "")
    #expect(
      scale.pitches == [.ratio(numerator: 3, denominator: 2), .ratio(numerator: 3, denominator: 1)])
    let tuning = try Tuning(scale: scale)
    // Scala's default mapping: 1/1 on key 60 at its 12-TET pitch, one degree per key; the
    // pattern repeats at 3/1, so key 62 is 3/1 above key 60, key 63 is 9/2, and key 59 (degree
    // 1 of the period below) is 3/2 divided by 3.
    let c4 = 440 * pow(2, -9.0 / 12)
    #expect(abs(tuning.frequency(ofKey: 62)! / c4 - 3) < 1e-9)
    #expect(abs(tuning.frequency(ofKey: 63)! / c4 - 4.5) < 1e-9)
    #expect(abs(tuning.frequency(ofKey: 59)! / c4 - 0.5) < 1e-9)
  }

  /// "Negative ratios are meaningless and should give a read error."
  @Test(
    "a refused pitch is reported with its file and line number",
    arguments: [
      ("-5/4", "a negative ratio is not a pitch"), ("3/2.0", "not a pitch"),
      ("major third", "not a pitch"), ("0/1", "with 0 above or below the slash"),
    ])
  func refusedPitchLine(value: String, reason: String) throws {
    let text = "! bad.scl\nthree notes\n3\n9/8\n\(value)\n2/1\n"
    let error = #expect(throws: TuningFileError.self) {
      try ScalaScale(text: text, file: "bad.scl")
    }
    guard case .invalidLine(let file, let line, let message) = error else {
      Issue.record("expected a line error, got \(String(describing: error))")
      return
    }
    #expect(file == "bad.scl")
    #expect(line == 5)
    #expect(message.contains(reason), "\(message)")
    #expect(error?.description.hasPrefix("bad.scl:5: \"\(value)\"") == true)
  }

  /// The count says how many pitch lines follow: a final 2/1 left out is a missing line, and
  /// one line too many means the count is wrong; both are refused rather than guessed at.
  @Test func countAndPitchLinesMustAgree() throws {
    let short = #expect(throws: TuningFileError.self) {
      try ScalaScale(text: "short\n3\n9/8\n5/4\n", file: "short.scl")
    }
    #expect(
      short?.description.hasPrefix("short.scl:5: the file ends after 2 of the 3 pitches") == true)
    let long = #expect(throws: TuningFileError.self) {
      try ScalaScale(text: "long\n2\n9/8\n5/4\n2/1\n", file: "long.scl")
    }
    #expect(long?.description.hasPrefix("long.scl:5: \"2/1\": a pitch beyond the 2") == true)
    let count = #expect(throws: TuningFileError.self) {
      try ScalaScale(text: "! no description line\n12\n100.0\n", file: "count.scl")
    }
    #expect(count?.description.hasPrefix("count.scl:3: \"100.0\": the number of notes") == true)
  }

  /// A keyboard mapping: size, first and last key, middle key, reference key and frequency,
  /// octave degree, then the map, with `x` for unmapped keys and trailing entries left out.
  @Test func keyboardMappingWithUnmappedKeys() throws {
    let text = """
      ! white.kbm: a 7-note scale on the white keys
      12
      21
      108
      60
      69
      440.0
      7
      ! Mapping
      0
      x
      1
      x
      2
      3
      x
      4
      x
      5
      """
    let mapping = try KeyboardMapping(text: text, file: "white.kbm")
    #expect(mapping.size == 12)
    #expect(mapping.keys == 21...108)
    #expect(mapping.middleKey == 60 && mapping.referenceKey == 69)
    #expect(mapping.referenceFrequency == 440)
    #expect(mapping.octaveDegree == 7)
    #expect(mapping.entries == [0, nil, 1, nil, 2, 3, nil, 4, nil, 5])
  }

  @Test(
    "a refused keyboard mapping line is reported with its number",
    arguments: [
      ("12\n0\n127\n60\n69\n440\n12\n0\n-1\n", 9, "a map entry should be a scale degree"),
      ("2\n0\n127\n60\n69\n440\n12\n0\n1\n2\n", 10, "a map entry beyond the 2"),
      ("12\n0\n127\n60\n69\nA440\n12\n", 6, "the reference frequency"),
      ("12\n0\n200\n", 3, "the last key to retune should be a whole number 0...127"),
      ("12\n0\n127\n60\n69\n440\n", 7, "the file ends where the scale degree of the formal"),
    ])
  func refusedMappingLine(text: String, line: Int, reason: String) throws {
    let error = #expect(throws: TuningFileError.self) {
      try KeyboardMapping(text: text, file: "k.kbm")
    }
    #expect(error?.description.hasPrefix("k.kbm:\(line): ") == true, "\(String(describing: error))")
    #expect(error?.description.contains(reason) == true, "\(String(describing: error))")
  }

  /// The reference key must play a scale degree, or no frequency can be given to it.
  @Test func unmappedReferenceKeyIsRefused() throws {
    let mapping = try KeyboardMapping(
      text: "12\n0\n127\n60\n61\n440\n12\n0\nx\n", file: "ref.kbm")
    let scale = try ScalaScale(text: "12-TET\n1\n2/1\n", file: "octave.scl")
    let error = #expect(throws: TuningFileError.self) { try Tuning(scale: scale, mapping: mapping) }
    #expect(error?.description.hasPrefix("ref.kbm:5: the reference key 61 is unmapped") == true)
  }

  /// Files are read from disk with their names in the messages; text that is not UTF-8 is read
  /// as ISO 8859-1, as the format allows.
  @Test func filesFromDisk() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("scala-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let latin1: [UInt8] =
      Array("Gamme de r".utf8) + [0xE9] + Array("f".utf8) + [0xE9] + Array("rence\n1\n2/1\n".utf8)
    try Data(latin1).write(to: folder.appendingPathComponent("latin.scl"))
    let scale = try ScalaScale(contentsOf: folder.appendingPathComponent("latin.scl"))
    #expect(scale.description == "Gamme de référence")
    let missing = #expect(throws: TuningFileError.self) {
      try ScalaScale(contentsOf: folder.appendingPathComponent("missing.scl"))
    }
    #expect(missing?.file == "missing.scl")
  }
}
