import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// Offline render teams: the mix groups of each span rendered on several threads, then added in
/// group order, give exactly the bits one thread gives.
@Suite("Render teams")
struct RenderTeamTests {
  static let frames = 96_000

  /// Three samples (stereo float, mono float, mono 16-bit) and three regions that use most of
  /// what a voice does per chunk: looping with a crossfade, one-shot and plain playback, filters
  /// with an envelope, EQ, LFOs, velocity, key and random pan, a delay.
  private func load(_ h: CoreHarness) {
    let stereo = (0..<2).map { channel in
      (0..<30_000).map { Float(0.5 * sin(Double($0) * (0.021 + 0.004 * Double(channel)))) }
    }
    let mono = [(0..<20_000).map { Float(0.4 * sin(Double($0) * 0.063) * cos(Double($0) * 0.001)) }]
    let compact = [(0..<16_000).map { Int16(truncatingIfNeeded: ($0 * 7_919) % 20_000 - 10_000) }]
    h.load(
      samples: [
        (.float32(stereo), 44_100, 2_000...27_999), (.float32(mono), 48_000, nil),
        (.int16(compact), 32_000, nil),
      ],
      regions: [
        { r in
          r.sample_index = 0
          r.hikey = 59
          r.loop_mode = SC_LOOP_CONTINUOUS
          r.loop_start = 2_000
          r.loop_end = 27_999
          r.loop_crossfade = 0.02
          r.filters.0.type = SC_FILTER_LPF_2P
          r.filters.0.cutoff = 1_500
          r.filters.0.resonance = 9
          r.fileg.attack = 0.05
          r.fileg.decay = 0.4
          r.fileg.sustain = 0.3
          r.fileg.depth = 2_400
          r.ampeg.attack = 0.01
          r.ampeg.decay = 0.3
          r.ampeg.sustain = 0.5
          r.ampeg.release = 0.2
          r.pitchlfo = sc_lfo_params(delay: 0, fade: 0.1, freq: 5, depth: 20)
          r.pitch_random = 15
        },
        { r in
          r.sample_index = 1
          r.lokey = 60
          r.hikey = 95
          r.filters.0.type = SC_FILTER_HPF_1P
          r.filters.0.cutoff = 300
          r.eq.1.gain = 6
          r.pan_keytrack = 2
          r.amplfo = sc_lfo_params(delay: 0.05, fade: 0, freq: 3, depth: 3)
          r.ampeg.release = 0.1
        },
        { r in
          r.sample_index = 2
          r.lokey = 96
          r.loop_mode = SC_LOOP_ONE_SHOT
          r.delay = 0.003
          r.amp_veltrack = 100
          r.width = 50
        },
      ])
  }

  /// Notes every 61 to 150 frames on three channels, more than the 96 voices hold (so voices are
  /// stolen and fade), with releases, controllers, the sustain pedal, bends and a ramp of the
  /// master gain.
  private func performance() -> [sc_event] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ range: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % range
    }
    var events: [sc_event] = []
    var frame = 0
    while frame < Self.frames - 6_000 {
      let key = UInt8(24 + next(90))
      let channel = UInt8(next(3))
      events.append(Event.noteOn(key, UInt8(1 + next(127)), at: frame, channel: channel))
      events.append(Event.noteOff(key, at: frame + 500 + next(9_000), channel: channel))
      if next(6) == 0 { events.append(Event.cc(7, UInt8(next(128)), at: frame, channel: channel)) }
      if next(6) == 0 { events.append(Event.cc(10, UInt8(next(128)), at: frame, channel: channel)) }
      if next(9) == 0 {
        events.append(Event.cc(64, next(2) == 0 ? 0 : 127, at: frame, channel: channel))
      }
      if next(8) == 0 {
        events.append(Event.bend(Int32(next(16_384)) - 8_192, at: frame, channel: channel))
      }
      frame += 61 + next(90)
    }
    events.append(Event.parameter(SC_PARAM_MASTER_GAIN, 0.5, at: 40_000, ramp: 9_000))
    return events
  }

  private func render(threads: UInt32, blockSize: Int) -> (out: [Float], workerVoices: UInt64) {
    let h = CoreHarness(blockSize: blockSize, voices: 96)
    load(h)
    let team = threads > 1 ? sc_render_team_create(h.engine, threads) : nil
    defer { sc_render_team_destroy(team) }
    let out = h.render(frames: Self.frames, events: performance(), team: team)
    return (out.left + out.right, sc_render_team_worker_voices(team))
  }

  @Test(
    "2, 3 and 4 threads render the very bits one thread renders, in blocks shorter and longer than a span",
    arguments: [64, 1_000])
  func sameBits(blockSize: Int) throws {
    let alone = render(threads: 1, blockSize: blockSize).out
    #expect(Measure.peak(alone[...]) > 0.1, "it played")
    for threads: UInt32 in [2, 3, 4] {
      let shared = render(threads: threads, blockSize: blockSize)
      #expect(shared.workerVoices > 1_000, "the workers rendered voices")
      let difference = firstDifference(alone, shared.out)
      #expect(difference == nil, "\(threads) threads: first difference at value \(difference ?? 0)")
    }
  }

  /// What the caller's work saw each time a render call ran it.
  final class Alongside {
    let team: OpaquePointer
    /// A denormal float, read at run time so no compiler folds the arithmetic on it.
    var tiny = Float(bitPattern: 0x0040_0000)
    var runs = 0
    /// The workers' rendered voices before the render call, and whether it has a span for them
    /// to render; set by the test.
    var before: UInt64 = 0
    var hasSpan = true
    var workersRendered: [Bool] = []
    var denormalsKept: [Bool] = []

    init(team: OpaquePointer) { self.team = team }

    func run() {
      runs += 1
      denormalsKept.append(tiny * 2 != 0)
      // Once the span is offered, the workers render voices of this call while the caller works
      // (they may even finish before it starts); offered only after the work, they cannot. The
      // long deadline is for a loaded machine, where the worker may wait for a core.
      guard hasSpan else { return }
      let deadline = Date().addingTimeInterval(30)
      while sc_render_team_worker_voices(team) == before && Date() < deadline { usleep(200) }
      workersRendered.append(sc_render_team_worker_voices(team) > before)
    }
  }

  @Test(
    "the caller's work runs once per render call, while the workers render, with the caller's floating-point modes, and leaves the bits alone"
  )
  func callerWorkAlongside() throws {
    let sine = [(0..<48_000).map { Float(0.1 * sin(Double($0) * 0.05)) }]
    func chord(_ h: CoreHarness) -> [sc_event] {
      h.load(samples: [(sine, 48_000, 0...47_999)]) { r in
        r.loop_mode = SC_LOOP_CONTINUOUS
        r.ampeg.release = 0.05
      }
      return (30..<94).map { Event.noteOn(UInt8($0)) }
    }
    let plain = CoreHarness()
    let expected = plain.render(frames: 256, events: chord(plain)).left
    let h = CoreHarness()
    let events = chord(h)
    let team = try #require(sc_render_team_create(h.engine, 2))
    defer { sc_render_team_destroy(team) }
    let probe = Alongside(team: team)
    var work = sc_render_alongside(
      run: { Unmanaged<Alongside>.fromOpaque($0!).takeUnretainedValue().run() },
      context: Unmanaged.passUnretained(probe).toOpaque())
    var left = [Float](repeating: 0, count: 256)
    var right = left
    for frames: UInt32 in [256, 0] {
      probe.before = sc_render_team_worker_voices(team)
      probe.hasSpan = frames > 0
      events.withUnsafeBufferPointer { ev in
        sc_engine_render_team(
          h.engine, team, frames, frames > 0 ? ev.baseAddress : nil, frames > 0 ? 64 : 0, &left,
          &right, &work)
      }
    }
    // the first call shares its span of 64 voices; a call of no frames still runs the work
    #expect(probe.runs == 2)
    #expect(probe.workersRendered.first == true, "the workers rendered while the caller worked")
    #expect(probe.denormalsKept == [true, true], "the render's flush-to-zero leaked into the work")
    let difference = firstDifference(expected, left)
    #expect(difference == nil, "first difference at value \(difference ?? 0)")
  }

  @Test("a team has 1...max threads; a team of one, or of another engine, renders alone")
  func limits() {
    let h = CoreHarness()
    #expect(sc_render_team_create(h.engine, 0) == nil)
    #expect(sc_render_team_create(h.engine, sc_render_team_max_threads() + 1) == nil)
    let one = sc_render_team_create(h.engine, 1)
    let other = CoreHarness()
    let foreign = sc_render_team_create(other.engine, 2)
    defer {
      sc_render_team_destroy(one)
      sc_render_team_destroy(foreign)
    }
    #expect(sc_render_team_threads(one) == 1)
    #expect(sc_render_team_threads(foreign) == 2)
    let sine = [(0..<48_000).map { Float(sin(Double($0) * 0.05)) }]
    h.load(samples: [(sine, 48_000, nil)]) { r in r.ampeg.release = 0.05 }
    let chord = (40..<80).map { Event.noteOn(UInt8($0)) }
    _ = h.render(frames: 4_096, events: chord, team: one)
    _ = h.render(frames: 4_096, team: foreign)
    #expect(sc_render_team_worker_voices(one) == 0)
    #expect(sc_render_team_worker_voices(foreign) == 0)
  }
}
