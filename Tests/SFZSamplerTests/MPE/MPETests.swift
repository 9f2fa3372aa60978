import AudioTestSupport
import Foundation
import SFZSampler
import SongPlayback
import Testing

/// MIDI Polyphonic Expression (MMA/AMEI, MIDI Polyphonic Expression 1.0, RP-053) through
/// `MPEReceiver` and the sampler. The instrument splits the keyboard into two hard-panned `*sine`
/// regions, so two notes, one each side of key 64, are measured apart: key 57 sounds 220 Hz in
/// the left channel only, key 81 880 Hz in the right. Both regions lose 12 dB at full channel
/// aftertouch (`volume_oncc129=-12`), which is how pressure shows.
@Suite("MPE")
struct MPETests {
  static let rate = 48_000.0
  static let low: UInt8 = 57
  static let high: UInt8 = 81
  static let instrument = """
    <control> set_cc7=127
    <global> amp_veltrack=0 volume_oncc129=-12 ampeg_release=0.005
    <region> sample=*sine lokey=0 hikey=63 pan=-100
    <region> sample=*sine lokey=64 hikey=127 pan=100
    """

  /// A sampler with `sfz` loaded.
  static func sampler(_ sfz: String = instrument) throws -> Sampler {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("mpe-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("split.sfz")
    try sfz.write(to: url, atomically: true, encoding: .utf8)
    let sampler = Sampler(sampleRate: rate)
    _ = try sampler.loadInstrument(url: url)
    return sampler
  }

  /// Renders MIDI `events` (each at its frame) as MPE hears them, from `zones` on.
  static func render(
    _ events: [SamplerEvent], frames: Int, zones: MPEZoneLayout = .none,
    sfz: String = instrument
  ) throws -> (left: [Float], right: [Float]) {
    let schedule = EventSchedule.applyingMPE(
      events.map { ScheduledEvent(frame: $0.frame, event: $0) }, zones: zones)
    var left: [Float] = []
    var right: [Float] = []
    SongRenderer(sampler: try sampler(sfz), blockSize: 100).render(
      schedule, tailFrames: frames - EventCursor(schedule).endFrame
    ) { block in
      left += block.left
      right += block.right
      return true
    }
    return (left, right)
  }

  /// The MPE Configuration Message (section 2.1.1): RPN 6 on a manager channel, the data its
  /// member channel count.
  static func configuration(manager: UInt8, members: UInt8, frame: Int = 0) -> [SamplerEvent] {
    [
      .controlChange(controller: 101, value: 0, channel: manager, frame: frame),
      .controlChange(controller: 100, value: 6, channel: manager, frame: frame),
      .controlChange(controller: 6, value: members, channel: manager, frame: frame),
    ]
  }

  /// Pitch bend sensitivity (RPN 0) of `semitones` on `channel`.
  static func bendRange(_ semitones: UInt8, channel: UInt8, frame: Int = 0) -> [SamplerEvent] {
    [
      .controlChange(controller: 101, value: 0, channel: channel, frame: frame),
      .controlChange(controller: 100, value: 0, channel: channel, frame: frame),
      .controlChange(controller: 6, value: semitones, channel: channel, frame: frame),
    ]
  }

  static func hertz(_ signal: [Float], _ range: Range<Int>) -> Double {
    Measure.frequency(signal, sampleRate: rate, in: range)
  }

  static func cents(_ signal: [Float], _ range: Range<Int>, from base: Double) -> Double {
    Measure.cents(hertz(signal, range), from: base)
  }

  static func level(_ signal: [Float], _ range: Range<Int>) -> Double {
    Measure.rmsDB(signal[range])
  }

  /// Section 2.2 (each note on its own member channel, whose pitch bend, channel pressure and
  /// CC74 are that note's), section 2.4 (member channels bend 48 semitones, the manager channel
  /// 2, by default) and section 2.3.2 (a manager channel bend applies to every note of the zone,
  /// combined with each note's own).
  @Test("two notes on two member channels: one is bent, then pressed, and only it changes")
  func twoNotes() throws {
    // +2 semitones of 48: 8191 * 2 / 48 = 341.3, sent as 341, which is 199.83 cents
    let events =
      Self.configuration(manager: 0, members: 15) + [
        .noteOn(key: Self.low, velocity: 100, channel: 1),
        .noteOn(key: Self.high, velocity: 100, channel: 2),
        .pitchBend(value: 341, channel: 1, frame: 24_000),
        .channelPressure(pressure: 127, channel: 2, frame: 48_000),
        .pitchBend(value: 8_191, channel: 0, frame: 72_000),
      ]
    let out = try Self.render(events, frames: 96_000)
    let (first, bent, pressed, managed) = (
      4_000..<24_000, 28_000..<48_000, 52_000..<72_000, 76_000..<96_000
    )
    #expect(abs(Self.cents(out.left, first, from: 220)) < 0.1)
    #expect(abs(Self.cents(out.right, first, from: 880)) < 0.1)
    // the bent note moves by 2 semitones within 1 cent, the other not at all
    let bentCents = Self.cents(out.left, bent, from: 220)
    #expect(abs(bentCents - 200) < 1, "the bent note: \(bentCents) cents")
    #expect(abs(Self.cents(out.right, bent, from: 880)) < 0.1, "the other note")
    // pressure: the pressed note loses 12 dB, the other keeps its level
    let pressedChange = Self.level(out.right, pressed) - Self.level(out.right, bent)
    let otherChange = Self.level(out.left, pressed) - Self.level(out.left, bent)
    #expect(abs(pressedChange + 12) < 0.05, "the pressed note: \(pressedChange) dB")
    #expect(abs(otherChange) < 0.01, "the other note: \(otherChange) dB")
    // the manager channel's full bend (2 semitones) adds to both
    #expect(abs(Self.cents(out.left, managed, from: 220) - 399.83) < 1)
    #expect(abs(Self.cents(out.right, managed, from: 880) - 200) < 1)
  }

  /// Section 2.4: RPN 0 sets the bend range, and every member channel of a zone has the same
  /// one, so setting it on one member channel sets it for a note on another.
  @Test("RPN 0 on one member channel sets the bend range of every member channel of the zone")
  func bendSensitivity() throws {
    let events =
      Self.configuration(manager: 0, members: 15) + Self.bendRange(2, channel: 1)
      + [
        .noteOn(key: Self.high, velocity: 100, channel: 2),
        .pitchBend(value: 8_191, channel: 2, frame: 12_000),
      ]
    let out = try Self.render(events, frames: 36_000)
    let moved = Self.cents(out.right, 14_000..<36_000, from: 880)
    #expect(abs(moved - 200) < 0.5, "\(moved) cents at full bend over 2 semitones")
  }

  /// The same bend as plain MIDI: a channel bend over the instrument's bend_up (200 cents by
  /// default, corpus/spec syntax.yml), 341 / 8191 of it.
  @Test("without a configuration message the song is plain MIDI: the instrument's bend range")
  func plainMIDI() throws {
    let events: [SamplerEvent] = [
      .noteOn(key: Self.low, velocity: 100, channel: 1),
      .pitchBend(value: 341, channel: 1, frame: 12_000),
    ]
    let out = try Self.render(events, frames: 36_000)
    let moved = Self.cents(out.left, 14_000..<36_000, from: 220)
    #expect(abs(moved - 341.0 / 8_191 * 200) < 0.2, "\(moved) cents")
  }

  /// Section 2.2: CC74 on a member channel is its note's third dimension; here it is the
  /// note's brightness, +2400 cents on its filter's cutoff at 127. A 2-pole low-pass at 110 Hz
  /// passes 220 Hz at -11.15 dB (twice the cutoff; FilterTests), and at 440 Hz, half the
  /// cutoff, 1 / sqrt((1 - 0.25)^2 + 0.25) = +0.90 dB.
  @Test("CC74 on a member channel opens its own note's filter only")
  func timbre() throws {
    let sfz = Self.instrument.replacingOccurrences(
      of: "ampeg_release=0.005", with: "ampeg_release=0.005 fil_type=lpf_2p cutoff=110")
    let events =
      Self.configuration(manager: 0, members: 15) + [
        .noteOn(key: Self.low, velocity: 100, channel: 1),
        .noteOn(key: Self.high, velocity: 100, channel: 2),
        .controlChange(controller: 74, value: 127, channel: 1, frame: 24_000),
      ]
    let out = try Self.render(events, frames: 48_000, sfz: sfz)
    let opened = Self.level(out.left, 28_000..<48_000) - Self.level(out.left, 4_000..<24_000)
    let other = Self.level(out.right, 28_000..<48_000) - Self.level(out.right, 4_000..<24_000)
    #expect(abs(opened - (0.90 + 11.15)) < 0.3, "\(opened) dB")
    #expect(abs(other) < 0.01, "\(other) dB")
  }

  /// Section 2.1.1: an upper zone has manager channel 16 and member channels from 15 down; a
  /// channel outside it stays plain MIDI.
  @Test(
    "an upper zone: its member channel bends its note over 48 semitones, other channels are plain")
  func upperZone() throws {
    let events =
      Self.configuration(manager: 15, members: 3) + [
        .noteOn(key: Self.low, velocity: 100, channel: 1),
        .noteOn(key: Self.high, velocity: 100, channel: 12),
        .pitchBend(value: 8_191, channel: 1, frame: 12_000),
        .pitchBend(value: 341, channel: 12, frame: 12_000),
      ]
    let out = try Self.render(events, frames: 36_000)
    #expect(abs(Self.cents(out.left, 14_000..<36_000, from: 220) - 200) < 0.5, "plain MIDI")
    #expect(abs(Self.cents(out.right, 14_000..<36_000, from: 880) - 199.83) < 0.5, "member")
  }

  /// Section 2.1.4: a channel that joins or leaves a zone has its notes stopped.
  @Test("a configuration message stops the notes of the channels it moves into a zone")
  func configurationStopsNotes() throws {
    let events =
      [SamplerEvent.noteOn(key: Self.low, velocity: 100, channel: 3)]
      + Self.configuration(manager: 0, members: 15, frame: 12_000)
    let out = try Self.render(events, frames: 24_000)
    #expect(Self.level(out.left, 2_000..<12_000) > -10)
    #expect(Measure.peak(out.left[14_000..<24_000]) < 1e-4, "stopped")
  }

  /// Section 2.1.1: a configuration message for one zone takes channels from the other where
  /// they would overlap, the newest winning.
  @Test("zones share the 16 channels: a newer zone takes what it needs from the other")
  func layout() {
    let lower = MPEZoneLayout(lowerMemberChannels: 15)
    #expect(lower.role(of: 0) == .manager(.lower))
    #expect(lower.role(of: 15) == .member(.lower))
    let both = lower.configuring(.upper, memberChannels: 10)
    #expect(both.lowerMemberChannels == 4 && both.upperMemberChannels == 10)
    #expect(both.role(of: 4) == .member(.lower))
    #expect(both.role(of: 5) == .member(.upper))
    #expect(both.role(of: 15) == .manager(.upper))
    #expect(both.configuring(.upper, memberChannels: 0) == MPEZoneLayout(lowerMemberChannels: 4))
    #expect(
      MPEZoneLayout(lowerMemberChannels: 7, upperMemberChannels: 7).role(of: 8) == .member(.upper))
  }

  /// A live host's path: `receiveMIDI` through the sampler's own receiver, zones from a
  /// configuration message (section 2.1.1), then set directly.
  @Test("receiveMIDI plays MPE once a configuration message arrives, and mpeZones sets it")
  func liveInput() throws {
    let sampler = try Self.sampler()
    func frames(_ count: Int) -> (left: [Float], right: [Float]) {
      var left = [Float](repeating: 0, count: count)
      var right = [Float](repeating: 0, count: count)
      sampler.render(frameCount: count, left: &left, right: &right)
      return (left, right)
    }
    for event in Self.configuration(manager: 0, members: 15) { sampler.receiveMIDI(event) }
    #expect(sampler.mpeZones == .lowerZone)
    sampler.receiveMIDI(.noteOn(key: Self.low, velocity: 100, channel: 1))
    sampler.receiveMIDI(.noteOn(key: Self.high, velocity: 100, channel: 2))
    sampler.receiveMIDI(.pitchBend(value: 341, channel: 1))
    let bent = frames(24_000)
    #expect(abs(Self.cents(bent.left, 4_000..<24_000, from: 220) - 199.83) < 0.5)
    #expect(abs(Self.cents(bent.right, 4_000..<24_000, from: 880)) < 0.1)
    sampler.mpeZones = .none
    #expect(sampler.mpeZones == .none)
    _ = frames(4_800)  // the zone's notes stop
    sampler.receiveMIDI(.noteOn(key: Self.low, velocity: 100, channel: 1))
    sampler.receiveMIDI(.pitchBend(value: 341, channel: 1))
    let plain = frames(24_000)
    #expect(abs(Self.cents(plain.left, 4_000..<24_000, from: 220) - 341.0 / 8_191 * 200) < 0.2)
  }

  /// A host that renders with events on exact frames runs the receiver on its audio thread:
  /// once its note list has grown and the event list has room, nothing there may allocate.
  @Test(
    "a warmed-up receiver and the sampler turn MPE into sound without allocating",
    .enabled(if: ThreadAllocations.isAvailable, "counting needs glibc's malloc, not a sanitizer's"))
  func allocationFree() throws {
    let sampler = try Self.sampler()
    var receiver = MPEReceiver(zones: .lowerZone)
    let blocks = 400
    // every block: a note on the next member channel, shaped, and the previous one let go
    var input: [[SamplerEvent]] = []
    for i in 0..<blocks {
      let channel = UInt8(1 + i % 15)
      let previous = UInt8(1 + (i + 14) % 15)
      input.append([
        .noteOn(key: UInt8(40 + i % 40), velocity: 100, channel: channel, frame: 0),
        .pitchBend(value: i * 37 % 16_000 - 8_000, channel: channel, frame: 16),
        .channelPressure(pressure: UInt8(i % 128), channel: channel, frame: 32),
        .controlChange(controller: 74, value: UInt8(i % 128), channel: channel, frame: 48),
        .pitchBend(value: i % 2_000, channel: 0, frame: 64),
        .channelPressure(pressure: UInt8(i % 64), channel: 0, frame: 80),
        .noteOff(key: UInt8(40 + (i + 39) % 40), channel: previous, frame: 96),
      ])
    }
    var output: [SamplerEvent] = []
    output.reserveCapacity(256)
    let left = UnsafeMutablePointer<Float>.allocate(capacity: 256)
    let right = UnsafeMutablePointer<Float>.allocate(capacity: 256)
    defer {
      left.deallocate()
      right.deallocate()
    }
    // index loops: in an unoptimised build a for-in loop's iterator allocates by itself
    func play(_ blocks: Range<Int>) {
      var block = blocks.lowerBound
      while block < blocks.upperBound {
        output.removeAll(keepingCapacity: true)
        var event = 0
        while event < input[block].count {
          receiver.receive(input[block][event], into: &output)
          event += 1
        }
        output.withUnsafeBufferPointer {
          sampler.render(frameCount: 256, events: $0, left: left, right: right)
        }
        block += 1
      }
    }
    play(0..<30)  // the warm-up
    let allocations = ThreadAllocations.measure { play(30..<blocks) }
    #expect(allocations == 0, "\(allocations) allocations in \(blocks - 30) blocks")
    #expect(sampler.peakVoices >= 2, "notes sounded")
  }
}
