import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// Scala scales laid on the keys, measured in the rendered audio. The scale file format
/// (huygens-fokker.org/scala/scl_format.html) gives the pitches; Scala's keyboard mappings
/// (huygens-fokker.org/scala/help.htm#mappings) give the key of the 1/1, the reference key and
/// frequency, the pattern of keys and the unmapped ones (`x`), which must stay silent.
@Suite("Tuning pitch")
struct TuningPitchTests {
  /// 12-TET middle C with A4 = 440 Hz: where Scala's default mapping puts the 1/1.
  static let middleC = 440 * pow(2, -9.0 / 12)

  /// 19 equal divisions of the octave in cents, as a scale archive file gives them.
  static let nineteenEDO =
    "! 19-edo.scl\n!\n19 equal divisions of the octave\n 19\n!\n"
    + (1...19).map { String(format: " %.5f\n", 1200.0 * Double($0) / 19) }.joined()

  @Test("19-tone equal temperament: every key within 0.5 cent of its scale frequency")
  func nineteenToneEqual() throws {
    let sampler = try TuningRig.sineSampler()
    sampler.tuning = try Tuning(scale: ScalaScale(text: Self.nineteenEDO, file: "19-edo.scl"))
    var worst = 0.0
    for key in 0..<128 {
      // Scala's default mapping: 1/1 on key 60 at 261.6256 Hz, one degree per key
      let expected = Self.middleC * pow(2, Double(key - 60) / 19)
      let error = Measure.cents(TuningRig.measuredFrequency(key, on: sampler), from: expected)
      worst = max(worst, abs(error))
      #expect(abs(error) < 0.5, "key \(key): \(error) cents from \(expected) Hz")
    }
    print("19-EDO: worst key \(worst) cents off")
  }

  /// A just major scale on the white keys, its 1/1 on C and A4 (its 5/3) at 440 Hz, so C4 is
  /// 264 Hz; black keys unmapped (x) within the mapped range 21...108.
  static let justMajor = """
    ! just-major.scl
    Just intonation major scale
    7
    9/8
    5/4
    4/3
    3/2
    5/3
    15/8
    2/1
    """
  static let whiteKeys = """
    ! white-a440.kbm: 12-key pattern, keys 21...108, 1/1 on 60, A4 = 440 Hz, 7 degrees a period
    12
    21
    108
    60
    69
    440.0
    7
    ! mapping: C x D x E F x G x A x B
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
    x
    6
    """

  @Test("a just scale with a keyboard mapping: mapped keys within 0.5 cent, unmapped keys silent")
  func justScaleOnWhiteKeys() throws {
    let sampler = try TuningRig.sineSampler()
    sampler.tuning = try Tuning(
      scale: ScalaScale(text: Self.justMajor, file: "just-major.scl"),
      mapping: KeyboardMapping(text: Self.whiteKeys, file: "white-a440.kbm"))
    let ratios: [Int: Double] = [
      0: 1, 2: 9 / 8, 4: 5 / 4, 5: 4 / 3, 7: 3 / 2, 9: 5 / 3, 11: 15 / 8,
    ]
    let c4 = 440 / (5.0 / 3)
    var worst = 0.0
    var silent = 0
    for key in 21...108 {
      let octave = Int((Double(key - 60) / 12).rounded(.down))
      guard let ratio = ratios[key - 60 - 12 * octave] else {
        let sound = TuningRig.play(key, on: sampler)
        #expect(Measure.peak(sound[...]) == 0, "unmapped key \(key) sounded")
        #expect(sampler.activeVoices == 0)
        silent += 1
        continue
      }
      let expected = c4 * pow(2, Double(octave)) * ratio
      let error = Measure.cents(TuningRig.measuredFrequency(key, on: sampler), from: expected)
      worst = max(worst, abs(error))
      #expect(abs(error) < 0.5, "key \(key): \(error) cents from \(expected) Hz")
    }
    #expect(silent == 36, "the 36 black keys of 21...108")
    print("just major on white keys: worst key \(worst) cents off, \(silent) keys silent")
    // keys outside the range to retune keep their 12-TET pitch
    for key in [20, 109] {
      let expected = 440 * pow(2, Double(key - 69) / 12)
      let error = Measure.cents(TuningRig.measuredFrequency(key, on: sampler), from: expected)
      #expect(abs(error) < 0.5, "key \(key) outside the mapping: \(error) cents")
    }
  }

  /// Setting the tuning back to 12-TET maps every key again.
  @Test func equalTemperamentRestoresEveryKey() throws {
    let sampler = try TuningRig.sineSampler()
    sampler.tuning = try Tuning(
      scale: ScalaScale(text: Self.justMajor, file: "just-major.scl"),
      mapping: KeyboardMapping(text: Self.whiteKeys, file: "white-a440.kbm"))
    #expect(Measure.peak(TuningRig.play(61, on: sampler)[...]) == 0)
    sampler.tuning = .equalTemperament
    let error = Measure.cents(TuningRig.measuredFrequency(61, on: sampler), from: 277.1826)
    #expect(abs(error) < 0.5)
  }
}
