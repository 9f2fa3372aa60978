import Foundation

/// Pitch arithmetic shared by key maps and region building.
enum Tuning {
  /// Cents above MIDI note 0 in 12-TET with A4 = 440 Hz (so note n is 100 n).
  static func cents(ofFrequency hz: Double) -> Double { 1200 * log2(hz / 440) + 6900 }

  /// The 12-TET frequency of a MIDI note.
  static func frequency(ofNote note: Int) -> Double { 440 * pow(2, Double(note - 69) / 12) }

  /// 12-TET frequencies of all 128 notes.
  static let equalTemperament: [Double] = (0..<128).map { frequency(ofNote: $0) }
}
