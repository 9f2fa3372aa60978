import CSndfile
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

  /// FuzzRawSample: finite values near Float's limit (these two from the crashing input) passed
  /// the non-finite check, and the first interpolation overflowed them to infinity in the output.
  @Test func rawValuesNearFloatsLimitAreRejected() {
    var data = [Float](repeating: 0.25, count: 2_048)
    data[300] = 2.552_156_3e38
    data[301] = -1.276_065_1e38
    let raw = SampleDataDescriptor(
      sampleDescriptor: SampleDescriptor(
        noteNumber: 60, noteFrequency: 261.63, minimumNoteNumber: 48, maximumNoteNumber: 72,
        minimumVelocity: 1, maximumVelocity: 127, isLooping: false, loopStartPoint: 0,
        loopEndPoint: 0, startPoint: 0, endPoint: 0),
      sampleRate: 44_100, isInterleaved: true, channelCount: 1, sampleCount: data.count,
      data: data)
    #expect(throws: SamplerError.self) { try Sampler().loadRawSampleData(from: raw) }
    #expect(throws: SampleDecodingError.self) {
      _ = try SampleDecoder.fromRaw(
        data: data, channelCount: 1, isInterleaved: true, sampleCount: data.count,
        sampleRate: 44_100)
    }
  }

  /// FuzzWAV: a float WAV holding a NaN (a signalling one at frame 748 in the crashing input)
  /// decoded without complaint and would have reached the mix; so would infinity or 1e38. Such
  /// values are now silenced and counted in the decoder's notes.
  @Test(arguments: [Float(bitPattern: 0xFF8D_2964), .infinity, 1e38, -3e7])
  func floatFilesWithUnplayableValuesAreSilenced(bad: Float) throws {
    let fixtures = try DecodingFixtures()
    var values = [Float](repeating: 0.5, count: 2 * 2_048)
    values[2 * 748 + 1] = bad
    let path = try fixtures.writeFloat(
      "bad.wav", values: values, channels: 2, format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT))
    let audio = try SampleDecoder.decode(path: path)
    #expect(audio.floatChannels[1][748] == 0 && audio.floatChannels[1][747] == 0.5)
    #expect(audio.notes.contains { $0.hasPrefix("1 sample value(s) were NaN, infinite or beyond") })
  }
}
