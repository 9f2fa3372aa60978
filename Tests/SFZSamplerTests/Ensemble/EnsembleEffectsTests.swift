import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// An ensemble's shared reverb and chorus, fed by General MIDI's channel sends: CC91 (reverb
/// send, "Effects 1 Depth") at 40 from power-on (General MIDI Level 2's default, which the C
/// core's tests measure against 127), and by the regions' effect1 and effect2.
@Suite("Ensemble effects")
struct EnsembleEffectsTests {
  /// A one-instrument ensemble's mix, dry stem of channel 1 and two returns, over 1 s of a note
  /// of 0.1 s.
  private static func render(_ setUp: (Ensemble) -> Void, events extra: [SamplerEvent] = [])
    throws -> (mix: [Float], stem: [Float], returns: [[Float]])
  {
    let fixture = try BankFixture()
    let url = try fixture.write("sine.sfz", "<region> sample=*sine ampeg_release=0.005\n")
    let band = Ensemble(sampleRate: 48_000, maximumFrames: 48_000)
    setUp(band)
    let sine = try band.instrument(at: url)
    band.setProgram(0, to: sine)
    let buffers = (0..<36).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: 48_000) }
    defer { buffers.forEach { $0.deallocate() } }
    var left = [Float](repeating: 0, count: 48_000)
    var right = left
    let events =
      extra + [.noteOn(key: 69, velocity: 127, frame: 0), .noteOff(key: 69, frame: 4_800)]
    events.withUnsafeBufferPointer {
      _ = band.render(
        frameCount: 48_000, events: $0, left: &left, right: &right,
        stems: StemBuffers(
          left: Array(buffers[0..<16]), right: Array(buffers[16..<32]),
          returnLeft: [buffers[32], buffers[33]], returnRight: [buffers[34], buffers[35]]))
    }
    func array(_ index: Int) -> [Float] {
      Array(UnsafeBufferPointer(start: buffers[index], count: 48_000))
    }
    return (left, array(0), [array(32), array(33)])
  }

  @Test(
    "General MIDI's CC91 sends every channel to the reverb; the stems are dry and add up with the returns"
  )
  func channelSendsReachTheReverb() throws {
    let wet = try Self.render { _ in }
    // after the note (0.1 s and a 5 ms release) only the reverb sounds
    #expect(Measure.rmsDB(wet.returns[0][9_600..<48_000]) > -60)
    #expect(Measure.rmsDB(wet.stem[9_600..<48_000]) < -200, "the stem is dry")
    #expect(Measure.rmsDB(wet.returns[1][...]) < -200, "CC93 starts at 0: no chorus")
    var worst: Float = 0
    for frame in wet.mix.indices {
      worst = max(
        worst, abs(wet.stem[frame] + wet.returns[0][frame] + wet.returns[1][frame] - wet.mix[frame])
      )
    }
    #expect(worst <= 1e-6, "stem and returns against the mix: \(worst)")
    let dry = try Self.render { $0.generalMIDISends = false }
    #expect(Measure.rmsDB(dry.returns[0][...]) < -200, "without channel sends nothing is sent")
    #expect(dry.mix == dry.stem)
  }

  @Test(
    "the shared reverb's level is a linear gain: 1 returns 6.02 dB above 0.5; CC91 127 is 10.04 dB above 40"
  )
  func levelsAndSends() throws {
    let half = try Self.render { $0.setEffect(.reverbLevel, to: 0.5) }
    let full = try Self.render { $0.setEffect(.reverbLevel, to: 1) }
    let db = Measure.rmsDB(full.returns[0][...]) - Measure.rmsDB(half.returns[0][...])
    #expect(abs(db - 6.02) < 0.01, "\(db) dB")
    let power = try Self.render { _ in }
    let loud = try Self.render({ _ in }, events: [.controlChange(controller: 91, value: 127)])
    let sends = Measure.rmsDB(loud.returns[0][...]) - Measure.rmsDB(power.returns[0][...])
    #expect(abs(sends - 20 * log10(127.0 / 40)) < 0.01, "\(sends) dB")
  }
}
