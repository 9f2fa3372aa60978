import AudioTestSupport
import Foundation
import SFZSampler
import Testing

@Suite("Semantics: SFZ v2 LFOs and flex envelopes")
struct SemanticsV2ModulatorTests {
  private static let c5 = V2Renders.c5
  private static let rate = SemanticsRig.rate

  private func pitchTrack(_ sfz: String, frames: Int, before: [SamplerEvent] = []) throws
    -> [(frame: Double, cents: Double)]
  {
    try V2Renders.pitchTrack(sfz, frames: frames, before: before)
  }

  /// Frames between successive upward passes of the track through its centre.
  private func periods(_ track: [(frame: Double, cents: Double)]) -> [Double] {
    let values = track.map(\.cents)
    guard let lo = values.min(), let hi = values.max() else { return [] }
    let centre = (lo + hi) / 2
    var passes: [Double] = []
    for (a, b) in zip(track, track.dropFirst()) where a.cents < centre && b.cents >= centre {
      passes.append(b.frame)
    }
    return zip(passes, passes.dropFirst()).map { $1 - $0 }
  }

  @Test("lfoN_freq and lfoN_pitch: a 4 Hz vibrato of +-100 cents, in both number spellings")
  func lfoOnPitch() throws {
    for name in ["lfo1", "lfo01", "lfo7"] {
      let track = try pitchTrack("\(name)_freq=4 \(name)_pitch=100", frames: 48_000)
      let cents = V2Measure.cents(track, in: 480..<48_000)
      let swing = cents.max()! - cents.min()!
      #expect(abs(swing - 200) < 10, "\(name): swing \(swing) cents")
      let measured = periods(track)
      #expect(measured.count >= 2)
      for period in measured {
        #expect(abs(period / Self.rate * 1_000 - 250) < 5, "\(name): period \(period) frames")
      }
    }
  }

  @Test("lfoN_pitch_onccX scales the depth and lfoN_freq_onccX the rate")
  func lfoByController() throws {
    let sfz = "lfo2_freq_oncc21=4 lfo2_pitch_oncc22=100"
    func track(_ rateCC: UInt8, _ depthCC: UInt8) throws -> [(frame: Double, cents: Double)] {
      try pitchTrack(
        sfz, frames: 48_000,
        before: [
          .controlChange(controller: 21, value: rateCC),
          .controlChange(controller: 22, value: depthCC),
        ])
    }
    let still = V2Measure.cents(try track(127, 0), in: 480..<48_000)
    #expect(still.max()! - still.min()! < 2, "no vibrato at CC22 0")
    let full = try track(127, 127)
    let cents = V2Measure.cents(full, in: 480..<48_000)
    #expect(abs(cents.max()! - cents.min()! - 200) < 10, "+-100 cents at CC22 127")
    for period in periods(full) {
      #expect(abs(period / Self.rate * 1_000 - 250) < 5, "4 Hz at CC21 127: \(period) frames")
    }
  }

  @Test("lfoN_wave: each of the eight shapes is told apart by time near its extremes and slope")
  func waves() throws {
    // Expected shares of time beyond 80% of the swing (high, low) and of rising periods.
    let expected: [(wave: Int, high: Double, low: Double, rising: Double?)] = [
      (0, 0.10, 0.10, 0.5), (1, 0.205, 0.205, 0.5), (2, 0.75, 0.25, nil), (3, 0.5, 0.5, nil),
      (4, 0.25, 0.75, nil), (5, 0.125, 0.875, nil), (6, 0.10, 0.10, 1), (7, 0.10, 0.10, 0),
    ]
    for shape in expected {
      let track = try pitchTrack(
        "lfo1_freq=2 lfo1_pitch=100 lfo1_wave=\(shape.wave)", frames: 48_000)
      // exactly two periods, from 0.5 ms in
      let measured = V2Measure.shape(V2Measure.cents(track, in: 24..<48_024))
      #expect(abs(measured.high - shape.high) < 0.04, "wave \(shape.wave): \(measured)")
      #expect(abs(measured.low - shape.low) < 0.04, "wave \(shape.wave): \(measured)")
      if let rising = shape.rising {
        #expect(abs(measured.rising - rising) < 0.1, "wave \(shape.wave): \(measured)")
      }
    }
  }

  @Test("lfoN_phase: 0.25 starts the sine at its top, 0.5 starts it going down")
  func phase() throws {
    let sine = "lfo1_wave=1 lfo1_freq=1 lfo1_pitch=100"
    let top = try pitchTrack("\(sine) lfo1_phase=0.25", frames: 9_600)
    let down = try pitchTrack("\(sine) lfo1_phase=0.5", frames: 9_600)
    let first = V2Measure.cents(top, in: 0..<480)
    #expect(first.allSatisfy { $0 > 95 }, "starts near +100: \(first.prefix(3))")
    let falling = V2Measure.cents(down, in: 0..<9_600)
    #expect(falling.last! < -80 && abs(falling.first!) < 10, "0 then down: \(falling.last!)")
  }

  @Test("lfoN_delay and lfoN_fade: silent for the delay, then fading in over the fade")
  func delayAndFade() throws {
    let track = try pitchTrack(
      "lfo1_freq=5 lfo1_pitch=100 lfo1_delay=0.3 lfo1_fade=0.4", frames: 72_000)
    let delayed = V2Measure.cents(track, in: 0..<14_160)
    #expect(delayed.allSatisfy { abs($0) < 1 }, "still until 295 ms")
    // the fade-in keeps the first swing small: 3 cents are first passed about 21 ms in
    let onset = track.first { abs($0.cents) > 3 }!.frame / Self.rate
    #expect(onset > 0.3 && onset < 0.33, "starts at \(onset) s")
    let fading = V2Measure.cents(track, in: 14_400..<24_000)
    let full = V2Measure.cents(track, in: 36_000..<72_000)
    let fadingSwing = fading.max()! - fading.min()!
    let fullSwing = full.max()! - full.min()!
    #expect(abs(fullSwing - 200) < 10, "full depth after the fade: \(fullSwing)")
    #expect(fadingSwing < 0.6 * fullSwing, "half-way into the fade: \(fadingSwing)")
  }

  @Test("lfoN_volume and lfoN_amplitude swing the level by their depth")
  func lfoOnLevel() throws {
    func swing(_ sfz: String) throws -> Double {
      let rig = try SemanticsRig("<region> sample=*sine amp_veltrack=0 " + sfz)
      let out = rig.strike(96, frames: 48_000)
      let levels = stride(from: 2_400, to: 48_000, by: 96).map {
        Measure.dB(Double(V2Measure.envelope(out, at: $0)))
      }
      return levels.max()! - levels.min()!
    }
    let volume = try swing("lfo1_freq=2 lfo1_volume=6")
    #expect(abs(volume - 12) < 0.5, "+-6 dB: \(volume)")
    let byController = try swing("lfo1_freq=2 lfo1_volume_oncc1=6")
    #expect(byController < 0.3, "CC1 at 0: \(byController) dB")
    // amplitude: the gain swings 1 +- 0.5
    let amplitude = try swing("lfo1_freq=2 lfo1_amplitude=50")
    #expect(abs(amplitude - Measure.dB(1.5 / 0.5)) < 0.5, "1.5 / 0.5: \(amplitude) dB")
  }

  private func ampEnvelope(_ sfz: String, held: Int, frames: Int) throws -> [Float] {
    try V2Renders.ampEnvelope(sfz, held: held, frames: frames)
  }

  @Test("egN_ampeg: the flex envelope's points are reached at their times, sustain holds")
  func flexAmplitude() throws {
    // ampeg_attack and ampeg_release are replaced, so they change nothing
    let sfz = """
      eg1_ampeg=1 eg1_time1=0.1 eg1_level1=1 eg1_time2=0.2 eg1_level2=0.5 eg1_sustain=2 \
      eg1_time3=0.3 eg1_level3=0 ampeg_attack=1 ampeg_release=2
      """
    let out = try ampEnvelope(sfz, held: 38_400, frames: 72_000)
    func ms(_ frame: Int?) -> Double { Double(frame ?? -1) / 48 }
    // level 0 to 1 over 100 ms: half-way at 50 ms
    #expect(abs(ms(V2Measure.crossing(out, level: 0.5, from: 24)) - 50) < 1)
    #expect(abs(V2Measure.envelope(out, at: 4_800) - 1) < 0.1, "point 1 at 100 ms")
    // 1 to 0.5 over 200 ms: 0.75 at 200 ms
    #expect(abs(ms(V2Measure.crossing(out, level: 0.75, from: 4_800)) - 200) < 1)
    #expect(abs(V2Measure.envelope(out, at: 14_400) - 0.5) < 0.1, "point 2 at 300 ms")
    #expect(abs(V2Measure.envelope(out, at: 36_000) - 0.5) < 0.02, "sustains at 750 ms")
    // released at 800 ms: 0.5 to 0 over 300 ms, 0.25 at 950 ms, silent by 1.1 s
    #expect(abs(ms(V2Measure.crossing(out, level: 0.25, from: 38_400)) - 950) < 1)
    let tail = Measure.peak(out[53_280...])
    #expect(tail < 1e-3, "silent after the last point, not after ampeg_release: \(tail)")
  }

  @Test("egN_shapeX bends a segment: positive starts slowly, negative starts fast")
  func flexShape() throws {
    func midpoint(_ shape: Double) throws -> Float {
      let out = try ampEnvelope(
        "eg1_ampeg=1 eg1_time1=0.1 eg1_level1=1 eg1_shape1=\(shape) eg1_sustain=1",
        held: 9_600, frames: 9_600)
      return V2Measure.envelope(out, at: 2_400)
    }
    let linear = try midpoint(0)
    let slow = try midpoint(4)
    let fast = try midpoint(-4)
    #expect(abs(linear - 0.5) < 0.05)
    #expect(slow < 0.25, "shape 4 at half time: \(slow)")
    #expect(fast > 0.75, "shape -4 at half time: \(fast)")
  }

  @Test("egN_pitch moves the pitch through the envelope's points (eg06 spelling too)")
  func flexPitch() throws {
    let rise = try pitchTrack(
      "eg1_pitch=1200 eg1_time1=0.2 eg1_level1=1 eg1_sustain=1", frames: 24_000)
    let halfway = V2Measure.cents(rise, in: 4_700..<4_900)
    #expect(halfway.allSatisfy { abs($0 - 600) < 15 }, "600 cents at 100 ms: \(halfway)")
    let top = V2Measure.cents(rise, in: 10_000..<24_000)
    #expect(top.allSatisfy { abs($0 - 1200) < 2 }, "an octave up from 200 ms")
    let fall = try pitchTrack(
      "eg06_pitch=1200 eg06_level0=1 eg06_time1=0.2 eg06_level1=0 eg06_sustain=1",
      frames: 24_000)
    let start = V2Measure.cents(fall, in: 0..<200)
    let end = V2Measure.cents(fall, in: 10_000..<24_000)
    #expect(start.allSatisfy { $0 > 1_150 }, "starts an octave up: \(start)")
    #expect(end.allSatisfy { abs($0) < 2 }, "settles at the note")
  }

  @Test("egN_cutoff opens a low-pass filter as the envelope rises")
  func flexCutoff() throws {
    let rig = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 cutoff=200 eg1_cutoff=4800 eg1_time1=0.3 "
        + "eg1_level1=1 eg1_sustain=1")
    let out = rig.strike(84, frames: 28_800)
    let early = Measure.rmsDB(out[480..<2_400])
    let late = Measure.rmsDB(out[19_200..<28_800])
    // 1 kHz through a 200 Hz low-pass is about -28 dB; four octaves up it passes
    #expect(late - early > 15, "early \(early) dB, late \(late) dB")
    #expect(late > -4, "open: \(late) dB")
  }

  @Test("egN_timeX_onccY sets a point's time from the controller when the note starts")
  func flexTimeByController() throws {
    let sfz = "eg1_ampeg=1 eg1_time1=0.01 eg1_time1_oncc30=0.2 eg1_level1=1 eg1_sustain=1"
    func halfway(_ value: UInt8) throws -> Double {
      let plain = try SemanticsRig("<region> sample=*sine amp_veltrack=0")
      let reference = V2Measure.envelope(plain.strike(96, frames: 4_800), at: 2_400)
      let rig = try SemanticsRig("<region> sample=*sine amp_veltrack=0 " + sfz)
      let out = rig.render(
        14_400, [.controlChange(controller: 30, value: value), .noteOn(key: 96, velocity: 100)]
      ).map { $0 / reference }
      return Double(V2Measure.crossing(out, level: 0.5, from: 24) ?? -1) / 48
    }
    #expect(abs(try halfway(0) - 5) < 1, "10 ms of attack at CC30 0")
    #expect(abs(try halfway(127) - 105) < 1, "210 ms of attack at CC30 127")
  }

  @Test("egN_pitch_oncc140 slides from the previous note (ARIA's key delta)")
  func keyDeltaSlide() throws {
    let rig = try SemanticsRig(
      "<region> sample=*sine amp_veltrack=0 eg1_pitch_oncc140=100 eg1_level0=-1 eg1_time1=0.1 "
        + "eg1_level1=0 eg1_sustain=1")
    _ = rig.strike(60, frames: 4_800)
    let track = Measure.centsByPeriod(
      rig.strike(72, frames: 14_400), sampleRate: SemanticsRig.rate, base: Self.c5)
    let start = V2Measure.cents(track, in: 0..<200)
    let end = V2Measure.cents(track, in: 5_000..<14_400)
    #expect(start.allSatisfy { abs($0 + 1_200) < 20 }, "starts at the previous key: \(start)")
    #expect(end.allSatisfy { abs($0) < 2 }, "ends at its own key")
  }

  @Test("what v2 modulation is not rendered is still named: the lo-fi and distortion targets")
  func unrenderedReported() throws {
    // sub-waves and LFOs moving LFOs are rendered, and egN_points is taken in as ARIA does
    // (opcodes/egN_points.md)
    let rig = try SemanticsRig(
      """
      <region> sample=*sine lfo1_freq=2 lfo1_wave=9 lfo1_pitch=10 lfo1_wave2=1 lfo1_ratio2=2
        lfo2_freq_lfo1=1 lfo1_cutoff2=100 eg1_time1=1 eg1_level1=1 eg1_volume=-6 eg1_points=2
        lfo1_decim=3 eg1_rectify=2
      """)
    let unrendered = Set(
      rig.report.diagnostics.filter { $0.message.contains("is not rendered") }
        .compactMap { $0.message.split(separator: "'").dropFirst().first.map(String.init) })
    #expect(unrendered == ["lfo1_decim", "eg1_rectify"])
    let wave = rig.report.diagnostics.first { $0.message.contains("LFO wave 9") }
    #expect(wave?.line == 1, "\(rig.report.diagnostics)")
  }
}
