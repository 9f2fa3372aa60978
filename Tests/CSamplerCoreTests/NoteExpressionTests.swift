import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

/// Per-note expression through the C engine: note-ons with ids and the events that address one
/// note. The instrument splits the keyboard into a left half and a right half (hard-panned
/// regions of one looped 375 Hz sine, root key 60), so that two notes, one each side, are
/// measured apart: key 60 sounds 375 Hz in the left channel only, key 72 750 Hz in the right.
@Suite("Per-note expression")
struct NoteExpressionTests {
  static let rate = 48_000.0
  static let tone = Synth.sine(frequency: 375, sampleRate: rate, frames: 12_800)
  /// Frames 24,000...47,999: well after an event at 24,000 and its 5 ms glide.
  static let after = 26_000..<48_000
  static let before = 4_000..<24_000
  static let left: UInt8 = 60
  static let right: UInt8 = 72

  /// The split instrument; `configure` changes both regions, `modulations` go on both.
  private func split(
    voices: Int = 16, modulations: [sc_modulation] = [],
    _ configure: @escaping (inout sc_region) -> Void = { _ in }
  ) -> CoreHarness {
    let h = CoreHarness(sampleRate: Self.rate, voices: voices)
    let instrument = sc_instrument_create()!
    Self.tone.withUnsafeBufferPointer { samples in
      var channels: [UnsafePointer<Float>?] = [samples.baseAddress]
      let index = sc_instrument_add_sample(
        instrument, &channels, 1, UInt64(samples.count), Self.rate, true, 0,
        UInt64(samples.count - 1))
      precondition(index == 0)
    }
    for (lokey, hikey, pan) in [(UInt8(0), UInt8(63), Float(-100)), (64, 127, 100)] {
      var region = sc_region()
      sc_region_init(&region)
      region.lokey = lokey
      region.hikey = hikey
      region.pan = pan
      region.pitch_keycenter = 60
      region.loop_mode = SC_LOOP_CONTINUOUS
      configure(&region)
      let index = sc_instrument_add_region(instrument, &region)
      for var modulation in modulations {
        precondition(sc_instrument_add_modulation(instrument, UInt32(index), &modulation))
      }
    }
    sc_instrument_finalize(instrument)
    sc_engine_set_instrument(h.engine, instrument)
    return h
  }

  /// Both notes held from frame 0 (ids 1 and 2), with `events` after.
  private func playBoth(_ h: CoreHarness, _ events: [sc_event], frames: Int = 48_000) -> (
    left: [Float], right: [Float]
  ) {
    h.render(
      frames: frames,
      events: [Event.noteOn(Self.left, id: 1), Event.noteOn(Self.right, id: 2)] + events)
  }

  @Test("a pitch offset moves its note by exactly that many cents, and the other note not at all")
  func pitch() {
    let out = playBoth(split(), [Event.expression(SC_NOTE_PITCH, 150, id: 1, at: 24_000)])
    let leftBefore = Measure.frequency(out.left, sampleRate: Self.rate, in: Self.before)
    let leftAfter = Measure.frequency(out.left, sampleRate: Self.rate, in: Self.after)
    let rightBefore = Measure.frequency(out.right, sampleRate: Self.rate, in: Self.before)
    let rightAfter = Measure.frequency(out.right, sampleRate: Self.rate, in: Self.after)
    #expect(abs(Measure.cents(leftBefore, from: 375)) < 0.1, "\(leftBefore) Hz")
    #expect(abs(Measure.cents(leftAfter, from: 375) - 150) < 0.5, "\(leftAfter) Hz")
    #expect(abs(Measure.cents(rightBefore, from: 750)) < 0.1, "\(rightBefore) Hz")
    #expect(abs(Measure.cents(rightAfter, from: 750)) < 0.1, "\(rightAfter) Hz")
  }

  @Test("a volume change moves its note by that many dB, and the other note not at all")
  func volume() {
    let out = playBoth(split(), [Event.expression(SC_NOTE_VOLUME, -12, id: 1, at: 24_000)])
    let leftChange = Measure.rmsDB(out.left[Self.after]) - Measure.rmsDB(out.left[Self.before])
    let rightChange = Measure.rmsDB(out.right[Self.after]) - Measure.rmsDB(out.right[Self.before])
    #expect(abs(leftChange + 12) < 0.02, "\(leftChange) dB")
    #expect(abs(rightChange) < 0.001, "\(rightChange) dB")
  }

  /// The engine's pan law: equal power, unity at the centre (voice.c), so a note panned by p
  /// from the centre has gains sqrt2 cos((p + 1) pi / 4) and sqrt2 sin((p + 1) pi / 4).
  @Test(
    "a pan moves its note by the pan law, and the other note not at all",
    arguments: [-1.0, -0.5, 0.5, 1.0])
  func pan(pan: Double) {
    let h = split { $0.pan = 0 }
    // 375 and 750 Hz, both centred; each measured by its own frequency over whole periods
    let out = playBoth(h, [Event.expression(SC_NOTE_PAN, Float(pan), id: 1, at: 24_000)])
    let window = 26_112..<47_872  // 170 periods of 375 Hz
    let before = 3_840..<23_808
    func level(_ channel: [Float], _ frequency: Double, _ range: Range<Int>) -> Double {
      Measure.toneAmplitude(channel, frequency: frequency, sampleRate: Self.rate, in: range)
    }
    let angle = (pan + 1) * Double.pi / 4
    let expectedLeft = 0.5 * 2.0.squareRoot() * cos(angle)
    let expectedRight = 0.5 * 2.0.squareRoot() * sin(angle)
    #expect(abs(level(out.left, 375, before) - 0.5) < 1e-4)
    #expect(abs(level(out.left, 375, window) - expectedLeft) < 1e-3, "left \(pan)")
    #expect(abs(level(out.right, 375, window) - expectedRight) < 1e-3, "right \(pan)")
    #expect(abs(level(out.left, 750, window) - 0.5) < 1e-4, "the other note's left")
    #expect(abs(level(out.right, 750, window) - 0.5) < 1e-4, "the other note's right")
  }

  /// A 2-pole low-pass with resonance 0 dB has 0 dB of gain at its cutoff (FilterTests), and
  /// 1/sqrt((1 - r^2)^2 + r^2) at r times the cutoff (r = 2.0006 after the bilinear transform's
  /// warping at these frequencies: -11.15 dB). Brightness +1200 cents moves the cutoff from
  /// 187.5 Hz to 375 Hz, the left note's frequency.
  @Test("brightness moves its note's filter cutoff by that many cents, the other note's not")
  func brightness() {
    let h = split {
      $0.filters.0.type = SC_FILTER_LPF_2P
      $0.filters.0.cutoff = 187.5
    }
    let out = playBoth(h, [Event.expression(SC_NOTE_BRIGHTNESS, 1_200, id: 1, at: 24_000)])
    let unfiltered = Measure.dB(0.5)  // the sine's RMS, hard left: 0.5 * sqrt2 / sqrt2
    let leftBefore = Measure.rmsDB(out.left[Self.before]) - unfiltered
    let leftAfter = Measure.rmsDB(out.left[Self.after]) - unfiltered
    let rightChange = Measure.rmsDB(out.right[Self.after]) - Measure.rmsDB(out.right[Self.before])
    #expect(abs(leftBefore + 11.15) < 0.3, "\(leftBefore) dB at twice the cutoff")
    #expect(abs(leftAfter) < 0.3, "\(leftAfter) dB at the moved cutoff")
    #expect(abs(rightChange) < 0.001, "\(rightChange) dB")
  }

  @Test("brightness leaves a region without a filter exactly as it was")
  func brightnessWithoutFilter() {
    let moved = playBoth(split(), [Event.expression(SC_NOTE_BRIGHTNESS, -2_400, id: 1, at: 0)])
    let plain = playBoth(split(), [])
    #expect(moved.left == plain.left)
    #expect(moved.right == plain.right)
  }

  /// `volume_oncc130=-12` (polyphonic aftertouch, ARIA's extended controller 130; corpus/spec
  /// sfzformat docs/extensions/midi_ccs.md) and `volume_oncc129=-12` (channel aftertouch): the
  /// note's pressure reaches its voices through either, and only its voices, though both notes
  /// share the channel.
  @Test(
    "pressure acts on its note through polyphonic or channel aftertouch, not on the other note",
    arguments: [UInt16(SC_SOURCE_POLY_PRESSURE), UInt16(SC_SOURCE_CHANNEL_PRESSURE)])
  func pressure(source: UInt16) {
    let volume = sc_modulation(
      target: UInt16(SC_MOD_VOLUME.rawValue), source: source, curve: -1, depth: -12, smooth: 0,
      step: 0)
    let h = split(modulations: [volume])
    let out = playBoth(h, [Event.expression(SC_NOTE_PRESSURE, 1, id: 1, at: 24_000)])
    let leftChange = Measure.rmsDB(out.left[Self.after]) - Measure.rmsDB(out.left[Self.before])
    let rightChange = Measure.rmsDB(out.right[Self.after]) - Measure.rmsDB(out.right[Self.before])
    #expect(abs(leftChange + 12) < 0.05, "\(leftChange) dB")
    #expect(abs(rightChange) < 0.001, "\(rightChange) dB")
  }

  @Test("a change lands on its event's frame: the output moves from the frame after it")
  func sampleAccurate() {
    let frame = 10_007
    for (expression, amount) in [(SC_NOTE_PITCH, Float(30)), (SC_NOTE_VOLUME, -6)] {
      let moved = playBoth(
        split(), [Event.expression(expression, amount, id: 1, at: frame)], frames: 12_000)
      let plain = playBoth(split(), [], frames: 12_000)
      let first = zip(moved.left, plain.left).enumerated().first { $0.element.0 != $0.element.1 }
      #expect(
        first?.offset == frame + 1, "\(expression): first difference at \(first?.offset ?? -1)")
    }
  }

  /// One note, centred: the largest step between frames of a 375 Hz sine of amplitude a is
  /// a 2 pi 375 / 48000; the change comes at a crest of the wave, where a jump in gain would be
  /// largest, and must add nothing to that.
  @Test("volume and pan glide: a 40 dB drop and a full pan swing make no step in the output")
  func noZipper() {
    for (expression, amount) in [(SC_NOTE_VOLUME, Float(-40)), (SC_NOTE_PAN, -1)] {
      let h = split { $0.pan = 0 }
      let out = h.render(
        frames: 30_000,
        events: [
          Event.noteOn(Self.left, id: 1), Event.expression(expression, amount, id: 1, at: 24_032),
        ])
      // after the pan, the left gain is sqrt2: the sine's own steps grow with it
      let largestGain = expression == SC_NOTE_PAN ? 2.0.squareRoot() : 1
      let natural = 0.5 * largestGain * 2 * Double.pi * 375 / Self.rate
      for channel in [out.left, out.right] {
        let step = Measure.maxStep(channel[23_000..<30_000]).step
        #expect(Double(step) < natural * 1.01, "\(expression): step \(step), sine's \(natural)")
      }
    }
  }

  @Test("an id used again after its note-off starts at neutral expression")
  func reusedID() {
    let h = split { $0.ampeg.release = 0.01 }
    let out = h.render(
      frames: 48_000,
      events: [
        Event.noteOn(Self.left, id: 5), Event.expression(SC_NOTE_PITCH, 300, id: 5),
        Event.expression(SC_NOTE_VOLUME, -20, id: 5), Event.noteOff(Self.left, at: 12_000),
        Event.noteOn(Self.left, id: 5, at: 20_000),
      ])
    let first = Measure.frequency(out.left, sampleRate: Self.rate, in: 2_000..<11_000)
    let again = Measure.frequency(out.left, sampleRate: Self.rate, in: Self.after)
    #expect(abs(Measure.cents(first, from: 375) - 300) < 0.5, "\(first) Hz")
    #expect(abs(Measure.cents(again, from: 375)) < 0.1, "\(again) Hz")
    #expect(abs(Measure.rmsDB(out.left[2_000..<11_000]) - Measure.dB(0.5) + 20) < 0.05)
    #expect(abs(Measure.rmsDB(out.left[Self.after]) - Measure.dB(0.5)) < 0.01)
  }

  @Test("a note re-using a sounding note's id takes the id: the old note's tail is left alone")
  func reusedIDWhileReleasing() {
    // the first note (375 Hz, left) rings through a 10 s release; the second, with the same id,
    // plays on the right (750 Hz), and a pitch change for the id reaches only the second
    let h = split { $0.ampeg.release = 10 }
    let out = h.render(
      frames: 48_000,
      events: [
        Event.noteOn(Self.left, id: 9), Event.expression(SC_NOTE_PITCH, 100, id: 9),
        Event.noteOff(Self.left, at: 4_000), Event.noteOn(Self.right, id: 9, at: 8_000),
        Event.expression(SC_NOTE_PITCH, -200, id: 9, at: 24_000),
      ])
    let tail = Measure.frequency(out.left, sampleRate: Self.rate, in: Self.after)
    let second = Measure.frequency(out.right, sampleRate: Self.rate, in: Self.after)
    #expect(abs(Measure.cents(tail, from: 375) - 100) < 0.5, "the tail: \(tail) Hz")
    #expect(abs(Measure.cents(second, from: 750) + 200) < 0.5, "the new note: \(second) Hz")
  }

  @Test(
    "a stolen voice's note keeps its expression to itself: the note that took the voice starts neutral"
  )
  func stealing() {
    let h = split(voices: 1)
    let out = h.render(
      frames: 48_000,
      events: [
        Event.noteOn(Self.left, id: 1), Event.expression(SC_NOTE_PITCH, 500, id: 1),
        Event.expression(SC_NOTE_VOLUME, -20, id: 1), Event.expression(SC_NOTE_PAN, 1, id: 1),
        Event.noteOn(Self.left, id: 2, at: 12_000),
        // addressed to the stolen note: nothing of it may reach the note that stole its voice
        Event.expression(SC_NOTE_PITCH, 700, id: 1, at: 20_000),
        Event.expression(SC_NOTE_VOLUME, -40, id: 1, at: 20_000),
      ])
    #expect(h.stats.voices_stolen == 1)
    let stealer = Measure.frequency(out.left, sampleRate: Self.rate, in: Self.after)
    #expect(abs(Measure.cents(stealer, from: 375)) < 0.1, "\(stealer) Hz")
    #expect(abs(Measure.rmsDB(out.left[Self.after]) - Measure.dB(0.5)) < 0.01)
    #expect(Measure.peak(out.right[Self.after]) < 1e-6, "the stealer is not panned right")
  }

  @Test("release samples started by the note-off carry the note's expression")
  func releaseTrigger() {
    let h = CoreHarness(sampleRate: Self.rate)
    h.load(
      samples: [([Self.tone], Self.rate, 0...12_799)],
      regions: [
        { r in
          r.loop_mode = SC_LOOP_CONTINUOUS
          r.pan = -100
        },
        { r in
          r.trigger = SC_TRIGGER_RELEASE
          r.loop_mode = SC_LOOP_CONTINUOUS
          r.pan = 100
          r.ampeg.release = 10
        },
      ])
    let out = h.render(
      frames: 48_000,
      events: [
        Event.noteOn(60, id: 3), Event.expression(SC_NOTE_PITCH, 250, id: 3),
        Event.noteOff(60, at: 12_000),
      ])
    let release = Measure.frequency(out.right, sampleRate: Self.rate, in: Self.after)
    #expect(abs(Measure.cents(release, from: 375) - 250) < 0.5, "\(release) Hz")
  }
}

extension Event {
  /// A note-on whose voices answer to `id`.
  static func noteOn(_ key: UInt8, _ velocity: UInt8 = 127, id: UInt32, at frame: Int = 0)
    -> sc_event
  {
    sc_event(
      frame: UInt32(frame), type: UInt8(SC_EVENT_NOTE_ON_ID.rawValue), channel: 0, data1: key,
      data2: velocity, value: Int32(bitPattern: id), number: 0)
  }

  /// One expression of note `id`.
  static func expression(
    _ expression: sc_note_expression, _ amount: Float, id: UInt32, at frame: Int = 0
  ) -> sc_event {
    sc_event(
      frame: UInt32(frame), type: UInt8(SC_EVENT_NOTE_EXPRESSION.rawValue), channel: 0,
      data1: UInt8(expression.rawValue), data2: 0, value: Int32(bitPattern: id), number: amount)
  }
}
