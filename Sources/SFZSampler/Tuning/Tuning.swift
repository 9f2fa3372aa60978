import Foundation

/// The pitch of every MIDI key: 12-tone equal temperament with A4 = 440 Hz unless a Scala scale
/// (`.scl`), laid on the keys by a keyboard mapping (`.kbm`), or a table of frequencies says
/// otherwise. A key the mapping leaves unmapped plays nothing.
///
/// ```swift
/// sampler.tuning = try Tuning(
///   scalaFile: URL(fileURLWithPath: "just.scl"), keyboardMappingFile: URL(fileURLWithPath: "c.kbm"))
/// ```
///
/// Keys outside the mapping's range of keys to retune keep their 12-TET pitch. MIDI Tuning
/// Standard messages retune single keys while a song plays (``MIDITuningMessage``).
public struct Tuning: Sendable, Equatable {
  /// A name for the tuning: the scale's description, or what the caller chose.
  public var name: String
  /// The frequency of each key 0...127 in Hz; nil for a key that plays nothing.
  public private(set) var frequencies: [Double?]

  /// 12-tone equal temperament with A4 (key 69) at 440 Hz: what a sampler starts with.
  public static let equalTemperament = Tuning(
    checked: (0..<128).map { frequency(ofNote: $0) }, name: "12-tone equal temperament")

  /// A tuning from a table of 128 frequencies (nil for a key that plays nothing); nil when the
  /// table does not have 128 entries or holds a frequency that is not a positive number.
  public init?(frequencies: [Double?], name: String = "") {
    guard frequencies.count == 128,
      frequencies.allSatisfy({ $0.map { $0 > 0 && $0.isFinite } ?? true })
    else { return nil }
    self.init(checked: frequencies, name: name)
  }

  private init(checked frequencies: [Double?], name: String) {
    self.frequencies = frequencies
    self.name = name
  }

  /// Lays `scale` on the keys as `mapping` says (by default, Scala's: 1/1 on middle C at its
  /// 12-TET pitch, one degree per key). Fails, naming the file and line, on a scale with no
  /// pitches, a mapping whose reference key is unmapped, or a key the two would put beyond any
  /// finite frequency.
  public init(scale: ScalaScale, mapping: KeyboardMapping = .standard) throws(TuningFileError) {
    let size = scale.pitches.count
    guard size > 0 else {
      throw .invalidLine(
        file: scale.file, line: scale.countLine, reason: "the scale has no pitches to repeat")
    }
    guard let referenceDegree = mapping.degree(ofKey: mapping.referenceKey, scaleSize: size),
      let referenceCents = scale.cents(ofDegree: referenceDegree)
    else {
      throw .invalidLine(
        file: mapping.file, line: mapping.referenceLine,
        reason: "the reference key \(mapping.referenceKey) is unmapped (x), so no frequency"
          + " can be given to it")
    }
    var table: [Double?] = []
    for key in 0..<128 {
      guard mapping.keys.contains(key) else {
        table.append(Self.frequency(ofNote: key))
        continue
      }
      guard let degree = mapping.degree(ofKey: key, scaleSize: size),
        let cents = scale.cents(ofDegree: degree)
      else {
        table.append(nil)
        continue
      }
      let hertz = mapping.referenceFrequency * pow(2, (cents - referenceCents) / 1_200)
      guard hertz > 0, hertz.isFinite else {
        throw .invalidLine(
          file: scale.file, line: scale.countLine,
          reason: "key \(key) would have no finite frequency with \(mapping.file)")
      }
      table.append(hertz)
    }
    self.init(checked: table, name: scale.description)
  }

  /// Reads a Scala scale and, when given, a keyboard mapping, and lays the scale on the keys.
  public init(scalaFile: URL, keyboardMappingFile: URL? = nil) throws(TuningFileError) {
    let scale = try ScalaScale(contentsOf: scalaFile)
    var mapping = KeyboardMapping.standard
    if let keyboardMappingFile { mapping = try KeyboardMapping(contentsOf: keyboardMappingFile) }
    try self.init(scale: scale, mapping: mapping)
  }

  /// The frequency of `key` in Hz; nil when it plays nothing or is not a MIDI key (0...127).
  public func frequency(ofKey key: Int) -> Double? {
    (0..<128).contains(key) ? frequencies[key] : nil
  }

  /// Sets one key's frequency (positive and finite; others are ignored).
  mutating func setFrequency(_ hertz: Double, ofKey key: Int) {
    guard (0..<128).contains(key), hertz > 0, hertz.isFinite else { return }
    frequencies[key] = hertz
  }
}

// Pitch arithmetic shared by key maps, region building and the engine's cents.
extension Tuning {
  /// Cents above MIDI note 0 in 12-TET with A4 = 440 Hz (so note n is 100 n).
  static func cents(ofFrequency hz: Double) -> Double { 1200 * log2(hz / 440) + 6900 }

  /// The frequency of a pitch in cents above MIDI note 0 (the inverse of `cents(ofFrequency:)`).
  static func frequency(ofCents cents: Double) -> Double { 440 * pow(2, (cents - 6900) / 1200) }

  /// The 12-TET frequency of a MIDI note.
  static func frequency(ofNote note: Int) -> Double { frequency(ofCents: 100 * Double(note)) }
}
