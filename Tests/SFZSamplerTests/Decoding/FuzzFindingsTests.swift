import Foundation
import Testing

@testable import SFZSampler

/// Inputs the fuzz targets (Fuzz/, scripts/fuzz.sh) crashed on, rebuilt from their bytes: each
/// must now give an error or a clean result. A failure here is usually the process trapping.
@Suite struct FuzzFindingsTests {
  /// FuzzRawSample: a start point of 2^127 was converted to Int, which traps; points are frame
  /// numbers above 1, so any value past Int.max, NaN or infinity names no frame.
  @Test(arguments: [
    Float(bitPattern: 0x7F00_0000), .nan, .infinity, -.infinity, .greatestFiniteMagnitude,
  ])
  func descriptorPointsNoFrameCanHoldAreRejected(point: Float) {
    let data = [Float](repeating: 0.25, count: 2_048)
    let placements: [(start: Float, end: Float, loopStart: Float, loopEnd: Float)] = [
      (point, 0, 0, 0), (0, point, 0, 0), (0, 0, point, 100), (0, 0, 10, point),
    ]
    for placement in placements {
      let descriptor = SampleDescriptor(
        noteNumber: 60, noteFrequency: 261.63, minimumNoteNumber: 48, maximumNoteNumber: 72,
        minimumVelocity: 1, maximumVelocity: 127, isLooping: true,
        loopStartPoint: placement.loopStart, loopEndPoint: placement.loopEnd,
        startPoint: placement.start, endPoint: placement.end)
      let raw = SampleDataDescriptor(
        sampleDescriptor: descriptor, sampleRate: 44_100, isInterleaved: true, channelCount: 1,
        sampleCount: data.count, data: data)
      #expect(throws: SamplerError.self, "\(placement)") {
        try Sampler(maximumPolyphony: 4).loadRawSampleData(from: raw)
      }
    }
  }
}
