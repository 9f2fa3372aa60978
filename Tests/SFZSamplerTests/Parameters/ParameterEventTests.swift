import AudioTestSupport
import SFZSampler
import Testing

/// Parameter events in the render call's event list (issue 11 part 2, SC_EVENT_PARAMETER in
/// include/sampler_core.h): a change at frame k applies from frame k; a ramp over n frames is
/// linear from its first frame, reaching its target on frame k + n - 1. Measured on the DC key
/// against the same render without the event.
@Suite("Parameter events")
struct ParameterEventTests {
  static let frames = 1_024

  /// The DC key from frame 0, with `events` besides, in one 1024-frame block.
  private func render(_ events: [SamplerEvent]) throws -> [Float] {
    let rig = try ParameterRig()
    let sampler = try rig.sampler()
    return sampler.render(
      [.noteOn(key: 0, velocity: 127)] + events, frames: Self.frames, block: Self.frames
    ).left
  }

  @Test
  func masterVolumeChangesExactlyFromItsFrame() throws {
    let plain = try render([])
    let k = 100
    let halved = try render([.parameter(.masterVolume, value: 0.5, frame: k)])
    #expect(Measure.peak(plain[...]) > 0.1)
    #expect((0..<k).allSatisfy { halved[$0] == plain[$0] }, "changed before frame \(k)")
    #expect((k..<Self.frames).allSatisfy { halved[$0] == plain[$0] * 0.5 })
  }

  @Test
  func masterVolumeRampIsLinearFromItsFirstFrame() throws {
    let plain = try render([])
    let (k, n): (Int, Int) = (64, 256)
    let ramped = try render([.parameter(.masterVolume, value: 0.25, rampFrames: n, frame: k)])
    #expect((0..<k).allSatisfy { ramped[$0] == plain[$0] }, "changed before frame \(k)")
    var worst: Double = 0
    for frame in k..<Self.frames {
      let step = min(frame - k + 1, n)
      let gain = 1 + (0.25 - 1) * Double(step) / Double(n)
      worst = max(worst, abs(Double(ramped[frame]) / Double(plain[frame]) - gain))
    }
    #expect(worst < 1e-6, "largest gain error \(worst)")
  }
}
