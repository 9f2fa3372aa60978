import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// SC_EVENT_PARAMETER's timing and ramps (sampler_core.h, sc_param): a value applies from its
/// event's frame; a ramp of n frames gives start + (target - start) * (i + 1) / n on frame k + i,
/// the master gain per frame and the other ramping parameters at every SC_CONTROL_FRAMES step;
/// a newer event starts from the value reached; a parameter that cannot ramp takes its target at
/// the event's frame. Master tune moves every voice by its cents.
@Suite("Parameter timing and ramps")
struct ParameterRampTests {
  static let rate = 48_000.0
  /// Always positive, never constant: the ratio of two renders is defined on every frame.
  static let wobble = (0..<4_800).map { Float(0.3 + 0.2 * sin(Double($0) * 2 * .pi / 120)) }
  /// 375 Hz, 128 frames a period: 100 whole periods loop seamlessly.
  static let tone = Synth.sine(frequency: 375, sampleRate: rate, frames: 12_800)

  /// A note already sounding on a continuous loop of `samples`.
  static func sounding(_ samples: [Float], blockSize: Int = 256) -> CoreHarness {
    let h = CoreHarness(sampleRate: rate, blockSize: blockSize)
    h.load(samples: [([samples], rate, nil)]) { r in r.loop_mode = SC_LOOP_CONTINUOUS }
    _ = h.render(frames: 1_024, events: [Event.noteOn(60)])
    return h
  }

  /// Frame by frame, `changed / reference` where the reference is the same render without the
  /// parameter events.
  static func gainRatio(blockSize: Int, frames: Int, events: [sc_event]) -> (
    ratio: [Double], reference: [Float], changed: [Float]
  ) {
    let reference = sounding(wobble, blockSize: blockSize).render(frames: frames).left
    let changed = sounding(wobble, blockSize: blockSize).render(frames: frames, events: events)
      .left
    let ratio = zip(changed, reference).map { Double($0) / Double($1) }
    return (ratio, reference, changed)
  }

  @Test(
    "a master gain event at frame k leaves every frame before k untouched and scales from k",
    arguments: [(256, 100), (256, 612), (1_000, 100)])
  func masterGainAtItsFrame(blockSize: Int, k: Int) {
    let (ratio, reference, changed) = Self.gainRatio(
      blockSize: blockSize, frames: 2_000,
      events: [Event.parameter(SC_PARAM_MASTER_GAIN, 0.5, at: k)])
    #expect(firstDifference(Array(changed[..<k]), Array(reference[..<k])) == nil)
    let worst = ratio[k...].map { abs($0 - 0.5) }.max() ?? 1
    #expect(worst < 1e-6, "ratio off 0.5 by \(worst) from frame \(k)")
  }

  @Test("a gain event past a render call's last frame takes effect at the next call's first")
  func pastTheEnd() {
    let reference = Self.sounding(Self.wobble)
    let changed = Self.sounding(Self.wobble)
    let late = Event.parameter(SC_PARAM_MASTER_GAIN, 0.5, at: 300)
    var outputs: [[Float]] = []
    for (h, events) in [(reference, [sc_event]()), (changed, [late])] {
      var left = [Float](repeating: 0, count: 512)
      var right = left
      events.withUnsafeBufferPointer { ev in
        sc_engine_render(h.engine, 256, ev.baseAddress, UInt32(ev.count), &left, &right)
      }
      left.withUnsafeMutableBufferPointer { l in
        right.withUnsafeMutableBufferPointer { r in
          sc_engine_render(h.engine, 256, nil, 0, l.baseAddress! + 256, r.baseAddress! + 256)
        }
      }
      outputs.append(left)
    }
    #expect(firstDifference(Array(outputs[1][..<256]), Array(outputs[0][..<256])) == nil)
    let worst = (256..<512).map { abs(Double(outputs[1][$0] / outputs[0][$0]) - 0.5) }.max()!
    #expect(worst < 1e-6, "ratio off 0.5 by \(worst) in the next call")
  }

  @Test("a master gain ramp of n frames follows start + (target - start)(i + 1)/n per frame")
  func masterGainRampLine() {
    let k = 300
    let n = 1_000
    let (ratio, reference, changed) = Self.gainRatio(
      blockSize: 256, frames: 2_000,
      events: [Event.parameter(SC_PARAM_MASTER_GAIN, 0.25, at: k, ramp: n)])
    #expect(firstDifference(Array(changed[..<k]), Array(reference[..<k])) == nil)
    var worst = 0.0
    for i in 0..<(2_000 - k) {
      let expected = i + 1 >= n ? 0.25 : 1 + (0.25 - 1) * Double(i + 1) / Double(n)
      worst = max(worst, abs(ratio[k + i] - expected))
    }
    #expect(worst < 1e-6, "off the line by \(worst)")
    #expect(ratio[k + n - 1] == 0.25, "reaches the target on frame k + n - 1")
  }

  @Test("a newer gain event mid-ramp starts its own ramp from the value reached")
  func newerRampStartsFromReached() {
    let k = 300
    let k2 = 700
    let (ratio, _, _) = Self.gainRatio(
      blockSize: 256, frames: 2_000,
      events: [
        Event.parameter(SC_PARAM_MASTER_GAIN, 0.25, at: k, ramp: 1_000),
        Event.parameter(SC_PARAM_MASTER_GAIN, 2, at: k2, ramp: 200),
      ])
    // the first ramp reached 1 - 0.75 * 400 / 1000 on frame k2 - 1
    let reached = 1 - 0.75 * Double(k2 - k) / 1_000
    #expect(abs(ratio[k2 - 1] - reached) < 1e-6)
    var worst = 0.0
    for i in 0..<(2_000 - k2) {
      let expected = i + 1 >= 200 ? 2 : reached + (2 - reached) * Double(i + 1) / 200
      worst = max(worst, abs(ratio[k2 + i] - expected))
    }
    #expect(worst < 1e-6, "off the second line by \(worst)")
  }

  @Test("the value read back is the ramp's target as soon as the ramp has begun")
  func readsBackTarget() {
    let h = Self.sounding(Self.wobble)
    _ = h.render(
      frames: 256, events: [Event.parameter(SC_PARAM_MASTER_GAIN, 3, at: 200, ramp: 48_000)])
    #expect(sc_engine_parameter(h.engine, SC_PARAM_MASTER_GAIN) == 3)
    #expect(sc_engine_take_parameter_changes(h.engine) == 1 << SC_PARAM_MASTER_GAIN.rawValue)
  }

  @Test("a parameter that cannot ramp steps to its target at the event's frame")
  func nonRampingSteps() {
    // full bend up: the region's 200 cents, then the engine's bend range of 700 at frame k,
    // whatever ramp the event asks for
    let k = 10_050
    let h = CoreHarness(sampleRate: Self.rate)
    h.load(samples: [([Self.tone], Self.rate, nil)]) { r in r.loop_mode = SC_LOOP_CONTINUOUS }
    let out = h.render(
      frames: 12_000,
      events: [
        Event.bend(8191), Event.noteOn(60),
        Event.parameter(SC_PARAM_PITCH_BEND_RANGE, 700, at: k, ramp: 4_800),
      ]
    ).left
    let step = Measure.frequencyStep(
      out, sampleRate: Self.rate, start: 0, before: 375 * pow(2, 200.0 / 1_200),
      after: 375 * pow(2, 700.0 / 1_200), candidates: (k - 40)...(k + 40),
      window: (k - 1_000)..<(k + 1_000))
    #expect(step.frame == k, "the pitch moved at frame \(step.frame)")
  }

  @Test("a master tune ramp moves the pitch on its line, step by control step")
  func tuneRampLine() {
    let h = Self.sounding(Self.tone)
    let n = 48_000
    let out = h.render(
      frames: 72_000, events: [Event.parameter(SC_PARAM_MASTER_TUNE, 1_200, at: 1_000, ramp: n)]
    ).left
    let track = Measure.centsByPeriod(out, sampleRate: Self.rate, base: 375)
    var worst = 0.0
    for (frame, cents) in track where frame > 2_000 {
      let i = frame - 1_000
      let expected = i >= Double(n) ? 1_200 : 1_200 * (i + 1) / Double(n)
      worst = max(worst, abs(cents - expected))
    }
    // a period averages the line over 2.7 cents of it, and the pitch steps every 32 frames (0.8
    // cents)
    #expect(worst < 1.5, "\(worst) cents off the line")
  }

  @Test("master tune moves every voice by its cents", arguments: [37.0, -250.0, 1_200.0])
  func masterTuneCents(cents: Double) {
    let h = Self.sounding(Self.tone)
    let out = h.render(
      frames: 48_000, events: [Event.parameter(SC_PARAM_MASTER_TUNE, Float(cents))]
    ).left
    let hz = Measure.frequency(out, sampleRate: Self.rate, in: 480..<48_000)
    let measured = Measure.cents(hz, from: 375)
    #expect(abs(measured - cents) < 0.1, "\(measured) cents for \(cents)")
  }
}
