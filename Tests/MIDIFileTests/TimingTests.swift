import MIDITestSupport
import MIDIFile
import Testing

@Suite("Timing")
struct TimingTests {
  typealias B = SMFBuilder

  /// Tempo on track 0 (120 bpm, then 240 bpm at tick 960, then 60 bpm at tick 1440), notes on
  /// track 1. At 480 ticks per quarter: 1 quarter = 0.5 s, then 0.25 s, then 1 s.
  @Test func tempoChangesOnTrackZeroTimeNotesOnTrackOne() throws {
    let tempoTrack = B.track(
      B.tempo(0, microsecondsPerQuarter: 500_000),
      B.tempo(960, microsecondsPerQuarter: 250_000),
      B.tempo(480, microsecondsPerQuarter: 1_000_000),
      B.endOfTrack())
    let noteTrack = B.track(
      B.event(480, 0x90, 60, 100),  // tick 480
      B.event(480, 0x90, 62, 100),  // tick 960
      B.event(240, 0x90, 64, 100),  // tick 1200
      B.event(240, 0x90, 65, 100),  // tick 1440
      B.event(480, 0x80, 65, 0),  // tick 1920
      B.endOfTrack(120))  // tick 2040
    let song = try MIDIFile(data: B.file(division: 480, chunks: [tempoTrack, noteTrack]))

    #expect(song.warnings.isEmpty)
    #expect(song.division == .ticksPerQuarter(480))
    #expect(song.events.map(\.tick) == [480, 960, 1200, 1440, 1920])
    #expect(song.events.map(\.seconds) == [0.5, 1.0, 1.125, 1.25, 2.25])
    #expect(song.events.map(\.track) == [1, 1, 1, 1, 1])
    #expect(song.duration == 2.5)
    #expect(
      song.events.map { $0.frame(atSampleRate: 48_000) } == [
        24_000, 48_000, 54_000, 60_000, 108_000,
      ])
    #expect(song.tempoChanges.map(\.seconds) == [0, 1.0, 1.25])
  }

  /// 2000 notes one tick apart at PPQ 96 and 120 bpm: each tick is 1/192 s. Frames must equal the
  /// exact rational rounded to nearest, with no drift from accumulating deltas.
  @Test func framesAreExactAfterManySmallDeltas() throws {
    var events: [[UInt8]] = [B.tempo(0, microsecondsPerQuarter: 500_000)]
    for _ in 0..<2000 { events.append(B.event(1, 0x90, 60, 1)) }
    events.append(B.endOfTrack())
    let song = try MIDIFile(
      data: B.file(format: 0, division: 96, chunks: [B.track(events.flatMap { $0 })]))
    #expect(song.events.count == 2000)
    for (index, event) in song.events.enumerated() {
      let tick = index + 1
      #expect(event.frame(atSampleRate: 48_000) == tick * 250)
      // 44100 Hz: frame = tick * 500000 * 44100 / (96 * 10^6), rounded half up.
      let numerator = tick * 500_000 * 44_100
      let denominator = 96_000_000
      #expect(
        event.frame(atSampleRate: 44_100) == (2 * numerator + denominator) / (2 * denominator))
    }
  }

  /// Tempo events in a later track also apply to earlier tracks' notes.
  @Test func tempoInAnyTrackAppliesToAllTracks() throws {
    let notes = B.track(B.event(96, 0x90, 60, 100), B.event(96, 0x90, 62, 100), B.endOfTrack())
    let tempo = B.track(B.tempo(96, microsecondsPerQuarter: 1_000_000), B.endOfTrack())
    let song = try MIDIFile(data: B.file(division: 96, chunks: [notes, tempo]))
    #expect(song.events.map(\.seconds) == [0.5, 1.5])
  }

  /// 25 frames per second x 40 ticks per frame: one tick is one millisecond; tempo is ignored.
  @Test func smpteDivisionCountsMilliseconds() throws {
    let track = B.track(
      B.tempo(0, microsecondsPerQuarter: 1_000_000),
      B.event(1, 0x90, 60, 100),
      B.event(999, 0x80, 60, 0),
      B.endOfTrack(500))
    let song = try MIDIFile(data: B.file(format: 0, division: 0xE728, chunks: [track]))
    #expect(song.division == .smpte(framesPerSecond: 25, ticksPerFrame: 40))
    #expect(song.events.map(\.seconds) == [0.001, 1.0])
    #expect(song.duration == 1.5)
  }

  /// SMPTE code -29 is drop-frame time code: 30000/1001 frames per second.
  @Test func smpteDropFrameRate() throws {
    let track = B.track(B.event(3000, 0x90, 60, 100), B.endOfTrack())
    let song = try MIDIFile(data: B.file(format: 0, division: 0xE364, chunks: [track]))
    guard case .smpte(let fps, let ticksPerFrame) = song.division else {
      Issue.record("expected an SMPTE division, got \(song.division)")
      return
    }
    #expect(abs(fps - 29.97) < 0.001)
    #expect(ticksPerFrame == 100)
    // 3000 ticks = 30 frames = 30 * 1001 / 30000 s.
    #expect(song.events.first?.seconds == 1.001)
  }

  /// With no Set Tempo event, 120 bpm applies.
  @Test func defaultTempoIs120BeatsPerMinute() throws {
    let track = B.track(B.event(192, 0x90, 60, 100), B.endOfTrack())
    let song = try MIDIFile(data: B.file(format: 0, division: 96, chunks: [track]))
    #expect(song.events.first?.seconds == 1.0)
  }

  /// Format 2: each track starts where the previous one ended (its End-of-Track tick).
  @Test func formatTwoTracksPlayOneAfterAnother() throws {
    let first = B.track(B.event(0, 0x90, 60, 100), B.event(96, 0x80, 60, 0), B.endOfTrack(96))
    let second = B.track(B.event(0, 0x90, 62, 100), B.endOfTrack(48))
    let third = B.track(B.event(48, 0x90, 64, 100), B.endOfTrack(48))
    let song = try MIDIFile(data: B.file(format: 2, division: 96, chunks: [first, second, third]))
    #expect(song.format == 2)
    #expect(song.events.map(\.tick) == [0, 96, 192, 288])
    #expect(song.events.map(\.track) == [0, 0, 1, 2])
    #expect(song.events.map(\.seconds) == [0, 0.5, 1.0, 1.5])
    #expect(song.duration == 1.75)
  }

  /// Simultaneous events keep track order, then file order, whatever their channel or kind.
  @Test func tiesKeepTrackThenFileOrder() throws {
    let first = B.track(
      B.event(10, 0xB1, 7, 100), B.event(0, 0x91, 60, 90), B.event(0, 0x81, 59, 0), B.endOfTrack())
    let second = B.track(B.event(10, 0x90, 61, 80), B.event(0, 0xC0, 5), B.endOfTrack())
    let zeroth = B.track(B.event(10, 0xE2, 0, 0x40), B.endOfTrack())
    let song = try MIDIFile(data: B.file(division: 96, chunks: [zeroth, first, second]))
    #expect(
      song.events.map(\.message) == [
        .pitchBend(channel: 2, value: 0),
        .controlChange(channel: 1, controller: 7, value: 100),
        .noteOn(channel: 1, note: 60, velocity: 90),
        .noteOff(channel: 1, note: 59, velocity: 0),
        .noteOn(channel: 0, note: 61, velocity: 80),
        .programChange(channel: 0, program: 5),
      ])
  }

  @Test func frameRoundsToNearestAndClamps() {
    let event = MIDITimedEvent(
      seconds: 0.5, tick: 0, track: 0, message: .programChange(channel: 0, program: 0))
    #expect(event.frame(atSampleRate: 48_000) == 24_000)
    var nearlyOne = event
    nearlyOne.seconds = 0.999_999_9 / 48_000
    #expect(nearlyOne.frame(atSampleRate: 48_000) == 1)
    var huge = event
    huge.seconds = 1e300
    #expect(huge.frame(atSampleRate: 48_000) == Int.max)
  }
}
