import Testing

@testable import SFZPlayKit

/// 24-bit output is each float scaled by 8,388,607, clipped to [-1, 1], rounded half away from
/// zero and left-justified in 32 bits: the converter must give exactly that for every value,
/// halves included (0.5 scales to 4,194,303.5 exactly).
@Suite("Sample conversion")
struct SampleConverterTests {
  private func expected(_ sample: Float) -> Int32 {
    let clipped = min(max(Double(sample), -1), 1)
    return Int32((clipped * 8_388_607).rounded()) << 8
  }

  @Test func twentyFourBitValuesRoundHalfAwayFromZero() {
    var values: [Float] = [0, -0.0, 0.5, -0.5, 0.75, -0.75, 1, -1, 1.5, -3, 1e-9, -1e-9]
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    for _ in 0..<100_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      values.append(Float(Int64(bitPattern: state) >> 11) / Float(1 << 52) * 1.2)
    }
    var converter = SampleConverter(depth: .int24)
    var output: [Int32] = []
    values.withUnsafeBufferPointer { samples in
      converter.convert(
        left: samples.baseAddress!, right: samples.baseAddress!, count: samples.count,
        into: &output)
    }
    #expect(output[4] == 4_194_304 << 8 && output[6] == -4_194_304 << 8)
    let wrong = values.indices.filter { output[2 * $0] != expected(values[$0]) }
    #expect(
      wrong.isEmpty, "\(wrong.count) values differ, first \(wrong.first.map { values[$0] } ?? 0)")
    #expect(converter.clippedSamples == 2 * values.filter { abs($0) > 1 }.count)
  }
}
