import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// What the v2 modulator tests render: the pitch track of a `*sine` on key 72 and the amplitude
/// envelope of one on key 96, each from a region written for the test.
enum V2Renders {
  /// Key 72 plays the *sine an octave above middle C: periods of about 2 ms to follow pitch by.
  static let c5 = SemanticsRig.middleC * 2

  /// Cents against key 72's pitch, period by period, of a note held `frames` frames after
  /// `before`; the region's opcodes must all be rendered.
  static func pitchTrack(_ sfz: String, frames: Int, before: [SamplerEvent] = []) throws
    -> [(frame: Double, cents: Double)]
  {
    let rig = try SemanticsRig("<region> sample=*sine amp_veltrack=0 " + sfz)
    #expect(!rig.report.diagnostics.contains { "\($0)".contains("not rendered") })
    return Measure.centsByPeriod(
      rig.strike(72, frames: frames, before: before), sampleRate: SemanticsRig.rate, base: c5)
  }

  /// The *sine's envelope at key 96 (2 kHz) for a note held `held` frames after `before`, over
  /// `frames` frames, relative to the same region's level without the flex envelope.
  static func ampEnvelope(
    _ sfz: String, held: Int, frames: Int, before: [SamplerEvent] = []
  ) throws -> [Float] {
    let plain = try SemanticsRig("<region> sample=*sine amp_veltrack=0")
    let reference = V2Measure.envelope(plain.strike(96, frames: 4_800), at: 2_400)
    let rig = try SemanticsRig("<region> sample=*sine amp_veltrack=0 " + sfz)
    #expect(!rig.report.diagnostics.contains { "\($0)".contains("not rendered") })
    let out = rig.render(
      frames, before + [.noteOn(key: 96, velocity: 100), .noteOff(key: 96, frame: held)])
    return out.map { $0 / reference }
  }
}
