import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// `Ensemble.preload`: what a map plays at an address, loaded and routed before playing. The
/// instruments are `*sine` generators an octave apart (corpus/spec sfzformat/docs/opcodes/
/// transpose.md), so which one plays key 69 is a pitch: the bank's piano 440 Hz, its kit 880 Hz,
/// the channel's own file 220 Hz.
@Suite("Ensemble preload")
struct EnsemblePreloadTests {
  @Test("a program, a drum kit and a channel assignment each play where the map says")
  func routesAsTheMapSays() throws {
    let fixture = try BankFixture()
    let sine = "<control> set_cc7=127\n<region> sample=*sine ampeg_release=0.005"
    try fixture.write("GM/000/000_Piano.sfz", "\(sine)\n")
    try fixture.write("GM/128/000_Standard.sfz", "\(sine) transpose=12\n")
    let lead = try fixture.write("lead.sfz", "\(sine) transpose=-12\n")
    let map = InstrumentMap(
      bank: try InstrumentBank(contentsOf: fixture.url("GM")), channelInstruments: [2: lead])
    let band = Ensemble(sampleRate: 48_000, maximumFrames: 4_800)
    let piano = try band.preload(ProgramAddress(channel: 0, program: 0), from: map)
    let kit = try band.preload(ProgramAddress(channel: 9, program: 0), from: map)
    let assigned = try band.preload(ProgramAddress(channel: 2, program: 40), from: map)
    #expect(piano?.choice.source == .bank && kit?.choice.source == .bank)
    #expect(assigned?.choice.source == .channelAssignment)
    #expect(try band.preload(ProgramAddress(channel: 0, program: 7), from: map) == nil)
    // the same file for a second address loads nothing more
    try band.preload(ProgramAddress(channel: 1, program: 0), from: map)
    #expect(band.instruments.count == 3)

    let stems = (0..<32).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: 4_800) }
    defer { stems.forEach { $0.deallocate() } }
    var left = [Float](repeating: 0, count: 4_800)
    var right = left
    let events: [SamplerEvent] = [0, 9, 2].map {
      .noteOn(key: 69, velocity: 127, channel: UInt8($0), frame: 0)
    }
    events.withUnsafeBufferPointer {
      _ = band.render(
        frameCount: 4_800, events: $0, left: &left, right: &right,
        stems: StemBuffers(left: Array(stems[..<16]), right: Array(stems[16...])))
    }
    for (channel, hertz) in [(0, 440.0), (9, 880), (2, 220)] {
      let stem = Array(UnsafeBufferPointer(start: stems[channel], count: 4_800))
      let measured = Measure.frequency(stem, sampleRate: 48_000, in: 500..<4_800)
      #expect(abs(Measure.cents(measured, from: hertz)) < 1, "channel \(channel + 1): \(measured)")
    }
  }
}
