import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// loop_type=backward and alternate (corpus/spec sfzformat/docs/opcodes/loop_type.md: "this only
/// affects the loop portion of the sample"), loop points a controller moves at note start
/// (loop_start_onccN, loop_length_onccN: opcodes/loop_start.md, loop_end.md) and inverted loops.
@Suite("Loop types and moved loops")
struct LoopTypeTests {
  static let rate = 48_000.0
  /// Frame i holds i / 4096, exactly, so each output frame names the frame the playhead read.
  static let ramp = (0..<4_096).map { Float($0) / 4_096 }
  static let loop = 1_000...1_099

  /// The frames a voice playing `ramp` at its recorded pitch reads, one per output frame, with
  /// linear interpolation (which at whole frames returns the frame itself).
  private func framesRead(
    count: Int, controller: UInt8? = nil, releaseAt: Int? = nil,
    modulations: [sc_modulation] = [],
    _ configure: @escaping (inout sc_region) -> Void
  ) -> [Int] {
    let h = CoreHarness(sampleRate: Self.rate, quality: SC_QUALITY_LINEAR)
    h.load(samples: [([Self.ramp], Self.rate, nil)], modulations: modulations) {
      (r: inout sc_region) in
      r.loop_mode = SC_LOOP_CONTINUOUS
      r.loop_start = UInt64(Self.loop.lowerBound)
      r.loop_end = UInt64(Self.loop.upperBound)
      configure(&r)
    }
    if let controller { _ = h.render(frames: 64, events: [Event.cc(1, controller)]) }
    let release = releaseAt.map { [Event.noteOff(60, at: $0)] } ?? []
    let out = h.render(frames: count, events: [Event.noteOn(60)] + release).left
    // the gain is 1 once the attack is over; measured rather than assumed
    let gain = out[400] / Self.ramp[400]
    return out.map { Int(($0 / gain * 4_096).rounded()) }
  }

  @Test("loop_type=backward: up to loop_end, then loop_end-1 down to loop_start, loop_end again")
  func backwardOrder() {
    let read = framesRead(count: 1_500) { $0.loop_type = SC_LOOP_BACKWARD }
    let (start, end) = (Self.loop.lowerBound, Self.loop.upperBound)
    let length = end - start + 1
    let expected = (0..<1_500).map { n in n <= end ? n : end - (n - end) % length }
    #expect(Array(read[500...]) == Array(expected[500...]))
    // the turn plays loop_end once; after loop_start comes loop_end
    #expect(Array(read[1_098...1_101]) == [1_098, 1_099, 1_098, 1_097])
    #expect(Array(read[1_197...1_200]) == [1_001, 1_000, 1_099, 1_098])
  }

  @Test("loop_type=alternate turns at both ends and plays each end frame once per turn")
  func alternateTurningPoints() {
    let read = framesRead(count: 1_600) { $0.loop_type = SC_LOOP_ALTERNATE }
    let (start, end) = (Self.loop.lowerBound, Self.loop.upperBound)
    let period = 2 * (end - start)
    let expected = (0..<1_600).map { n -> Int in
      guard n > end else { return n }
      let m = (n - end) % period
      return m <= end - start ? end - m : start + (m - (end - start))
    }
    #expect(Array(read[500...]) == Array(expected[500...]))
    #expect(Array(read[1_197...1_200]) == [1_001, 1_000, 1_001, 1_002])
    #expect(Array(read[1_296...1_299]) == [1_098, 1_099, 1_098, 1_097])
  }

  /// loop_mode.md: "during the release phase, there's no looping"; the sample plays on from
  /// where the playhead is, forwards, towards its end. A release of 100 s keeps the level
  /// within 0.001% over the frames read here.
  @Test("a backward sustain loop let go plays on forwards from the frame it reached")
  func backwardSustainLoopPlaysOut() {
    let read = framesRead(count: 1_600, releaseAt: 1_500) { (r: inout sc_region) in
      r.loop_mode = SC_LOOP_SUSTAIN
      r.loop_type = SC_LOOP_BACKWARD
      r.ampeg.release = 100
    }
    // frame 1500 is step 401 past loop_end 1099: 1099 - 401 % 100 = 1098
    #expect(Array(read[1_498...1_503]) == [1_000, 1_099, 1_098, 1_099, 1_100, 1_101])
  }

  /// The frame a loop of `type` over start...end plays at whole step `k` (at the recorded
  /// pitch): the definitions above, written out.
  private static func pathFrame(_ k: Int, _ type: sc_loop_type, _ start: Int, _ end: Int) -> Int {
    guard k > end else { return k }
    if type == SC_LOOP_ALTERNATE {
      let m = (k - end) % (2 * (end - start))
      return m <= end - start ? end - m : start + (m - (end - start))
    }
    return end - (k - end) % (end - start + 1)
  }

  /// A 375 Hz sine looped over whole periods, played 37 cents up: each output frame must be the
  /// frames the loop plays, in the order it plays them, interpolated at the playhead's time by the
  /// textbook kernel (linear, or Catmull-Rom for hermite), across every turn and jump.
  @Test(
    "turning loops interpolate the frames in the order they play them",
    arguments: [SC_LOOP_BACKWARD, SC_LOOP_ALTERNATE], [SC_QUALITY_LINEAR, SC_QUALITY_HERMITE])
  func turningPathIsInterpolated(type: sc_loop_type, quality: sc_quality) {
    let sine = Synth.sine(frequency: 375, sampleRate: Self.rate, frames: 128 * 40)
    let (start, end) = (128 * 10, 128 * 20 - 1)
    let h = CoreHarness(sampleRate: Self.rate, quality: quality)
    h.load(samples: [([sine], Self.rate, nil)]) { (r: inout sc_region) in
      r.tune = 37
      r.loop_mode = SC_LOOP_CONTINUOUS
      r.loop_start = UInt64(start)
      r.loop_end = UInt64(end)
      r.loop_type = type
    }
    let frames = 20_000
    let out = h.render(frames: frames, events: [Event.noteOn(60)]).left
    let increment = pow(2, 37.0 / 1200)
    func played(_ k: Int) -> Double { Double(sine[Self.pathFrame(k, type, start, end)]) }
    var worst: (error: Double, at: Int) = (0, 0)
    for n in 200..<frames {
      let u = Double(n) * increment
      let k = Int(u.rounded(.down))
      let t = u - Double(k)
      let expected: Double
      if quality == SC_QUALITY_LINEAR {
        expected = played(k) + t * (played(k + 1) - played(k))
      } else {
        let (a, b, c, d) = (played(k - 1), played(k), played(k + 1), played(k + 2))
        expected =
          b + 0.5 * t
          * (c - a + t * (2 * a - 5 * b + 4 * c - d + t * (3 * (b - c) + d - a)))
      }
      let error = abs(Double(out[n]) - expected)
      if error > worst.error { worst = (error, n) }
    }
    #expect(worst.error < 1e-5, "\(worst.error) at frame \(worst.at)")
  }

  /// The loop turns where the sine is steepest (its start and end frames are zero crossings),
  /// a corner the band-limited kernel rounds with a ripple of its own: the largest step there is
  /// 1.24 times the sine's steepest, where a click would be many times it.
  @Test(
    "a turning loop clicks nowhere with the sinc kernel: no step 1.3 times the sine's own",
    arguments: [SC_LOOP_BACKWARD, SC_LOOP_ALTERNATE])
  func turningLoopIsSmooth(type: sc_loop_type) {
    let sine = Synth.sine(frequency: 375, sampleRate: Self.rate, frames: 128 * 40)
    let h = CoreHarness(sampleRate: Self.rate, quality: SC_QUALITY_SINC)
    h.load(samples: [([sine], Self.rate, nil)]) { (r: inout sc_region) in
      r.tune = 37
      r.loop_mode = SC_LOOP_CONTINUOUS
      r.loop_start = 128 * 10
      r.loop_end = 128 * 20 - 1
      r.loop_type = type
    }
    let out = h.render(frames: 20_000, events: [Event.noteOn(60)]).left
    let ideal = Float(2 * 0.5 * sin(Double.pi * 375 * pow(2, 37.0 / 1200) / Self.rate))
    let (step, at) = Measure.maxStep(out[200...])
    #expect(step <= ideal * 1.3, "step \(step) at frame \(at), ideal \(ideal)")
  }

  @Test("loop_length_onccN and loop_start_onccN move the loop by depth x value / 127 frames")
  func controllerMovesLoop() {
    let moved = framesRead(
      count: 2_000, controller: 64,
      modulations: [byCC1(SC_MOD_LOOP_LENGTH, 500), byCC1(SC_MOD_LOOP_START, -254)]
    ) { (r: inout sc_region) in
      r.loop_start = 500
      r.loop_end = 999
    }
    // 500 x 64 / 127 = 251.97 and -254 x 64 / 127 = -128: the loop is 372...1251
    let played = Array(moved[1_200...])
    #expect(played.max() == 1_251 && played.min() == 372, "\(played.min()!)...\(played.max()!)")
    #expect(moved[1_252] == 372 && moved[1_251] == 1_251)
  }

  @Test("a loop moved past the sample's ends stays inside it and keeps playing")
  func movedLoopStaysInside() {
    let read = framesRead(
      count: 12_000, controller: 127,
      modulations: [byCC1(SC_MOD_LOOP_LENGTH, 1_000_000), byCC1(SC_MOD_LOOP_START, -1_000_000)]
    ) { _ in }
    // the loop becomes the whole sample, 0...4095
    #expect(Array(read[4_096..<8_192]) == Array(0..<4_096), "\(read[4_090...4_100])")
    #expect(read.allSatisfy { (0..<4_096).contains($0) })
  }

  @Test("a loop whose start a controller moves past its end plays between the two points")
  func movedInvertedLoopSwaps() {
    let read = framesRead(
      count: 3_000, controller: 127,
      modulations: [byCC1(SC_MOD_LOOP_START, 1_000)]
    ) { (r: inout sc_region) in
      r.loop_start = 500
      r.loop_end = 999
    }
    let played = Array(read[1_600...])
    #expect(played.min() == 999 && played.max() == 1_500, "\(played.min()!)...\(played.max()!)")
  }

  @Test("an inverted loop plays between its points instead of holding one frame")
  func invertedLoopKeepsVarying() {
    let read = framesRead(count: 8_000) { (r: inout sc_region) in
      r.loop_start = 2_000
      r.loop_end = 1_000
    }
    let late = Array(read[4_000...])
    #expect(late.min() == 1_000 && late.max() == 2_000, "\(late.min()!)...\(late.max()!)")
  }

  /// `target` moved by CC 1: `depth` at 127, linearly below.
  private func byCC1(_ target: sc_mod_target, _ depth: Float) -> sc_modulation {
    sc_modulation(
      target: UInt16(target.rawValue), source: 1, curve: -1, depth: depth, smooth: 0, step: 0)
  }
}
