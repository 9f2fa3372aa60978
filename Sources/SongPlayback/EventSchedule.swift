import MIDIFile
import SFZSampler

/// A sampler event at its absolute frame in the song.
public struct ScheduledEvent: Sendable {
  /// Frame from the start of the output.
  public var frame: Int
  /// The event; its in-block `frame` is filled in when the block is rendered.
  public var event: SamplerEvent

  /// `event` at `frame` frames from the start of the output.
  public init(frame: Int, event: SamplerEvent) {
    self.frame = frame
    self.event = event
  }
}

/// Turns a MIDI file into sampler events on exact output frames: all 16 channels, every channel
/// message kind, the song's tempo map, and its MIDI Tuning Standard SysEx (bulk dumps and single
/// note changes, `MIDITuningMessage`).
///
/// ```swift
/// var cursor = EventCursor(EventSchedule.make(song: try MIDIFile(contentsOf: url), sampleRate: 48_000))
/// var block: [SamplerEvent] = []
/// cursor.events(from: 0, frames: 256, into: &block)
/// block.withUnsafeBufferPointer { sampler.render(frameCount: 256, events: $0, left: l, right: r) }
/// ```
public enum EventSchedule {
  /// Events in time order. Each frame is the event's exact time times the rate, rounded: blocks
  /// are cut around them later, never the other way round. `transpose` shifts every note by that
  /// many semitones (clamped to 0...127), to fit a song to an instrument's range; tunings stay on
  /// the keys the song gives them. Tuning messages the sampler refuses are left out
  /// (`tuningProblems` lists them).
  /// A song plays in MPE from its first MPE Configuration Message on, or from the start in
  /// `mpeZones` (`applyingMPE`).
  public static func make(
    song: MIDIFile, sampleRate: Int, transpose: Int = 0, mpeZones: MPEZoneLayout = .none
  ) -> [ScheduledEvent] {
    // The song's tempo reaches the instrument too (lobpm/hibpm, sync_beats); a tempo change
    // sorts before the notes of its frame.
    let tempos = song.tempoChanges.map { change in
      ScheduledEvent(
        frame: Int((change.seconds * Double(sampleRate)).rounded()),
        event: .tempo(bpm: 60_000_000 / Double(change.microsecondsPerQuarter)))
    }
    // A key's tuning, too, sorts before the notes of its frame.
    let tunings = song.systemExclusive.flatMap { message in
      let frame = message.frame(atSampleRate: Double(sampleRate))
      let tuning = try? MIDITuningMessage(systemExclusive: message.bytes)
      return (tuning?.events() ?? []).map { ScheduledEvent(frame: frame, event: $0) }
    }
    // A General MIDI, GS or XG reset puts every channel back as at power-on, before the notes
    // of its frame.
    let resets = song.systemExclusive.filter { SystemReset.isReset($0.bytes) }.flatMap {
      message in
      let frame = message.frame(atSampleRate: Double(sampleRate))
      return SystemReset.events.map { ScheduledEvent(frame: frame, event: $0) }
    }
    let messages = song.events.map { timed in
      ScheduledEvent(
        frame: timed.frame(atSampleRate: Double(sampleRate)),
        event: samplerEvent(timed.message, transpose: transpose))
    }
    let ordered = (tempos + resets + tunings + messages).enumerated()
      .sorted { ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset) }
      .map(\.element)
    return applyingMPE(ordered, zones: mpeZones)
  }

  /// The song's MIDI Tuning Standard messages that `make` leaves out because the sampler refuses
  /// them (malformed, a wrong checksum, scale/octave tunings), each as `file: byte N: reason`
  /// with `file` the name to show for the song.
  public static func tuningProblems(in song: MIDIFile, file: String) -> [String] {
    song.systemExclusive.compactMap { message -> String? in
      do throws(MIDITuningError) {
        _ = try MIDITuningMessage(systemExclusive: message.bytes)
        return nil
      } catch {
        return "\(file): byte \(message.fileOffset): \(error.description); ignored"
      }
    }
  }

  /// The sampler event for one MIDI channel message, its note moved by `transpose` semitones.
  public static func samplerEvent(_ message: MIDIMessage, transpose: Int = 0) -> SamplerEvent {
    func key(_ note: UInt8) -> UInt8 { UInt8(clamping: min(max(Int(note) + transpose, 0), 127)) }
    switch message {
    case .noteOn(let channel, let note, let velocity):
      return .noteOn(key: key(note), velocity: velocity, channel: channel)
    case .noteOff(let channel, let note, _):
      return .noteOff(key: key(note), channel: channel)
    case .controlChange(let channel, let controller, let value):
      return .controlChange(controller: controller, value: value, channel: channel)
    case .programChange(let channel, let program):
      return .programChange(program: program, channel: channel)
    case .pitchBend(let channel, let value):
      return .pitchBend(value: Int(value), channel: channel)
    case .channelPressure(let channel, let pressure):
      return .channelPressure(pressure: pressure, channel: channel)
    case .polyPressure(let channel, let note, let pressure):
      return .polyPressure(key: key(note), pressure: pressure, channel: channel)
    }
  }
}

/// Walks a schedule block by block, handing out each block's events with in-block frames.
public struct EventCursor: Sendable {
  /// The whole schedule, in time order.
  public let schedule: [ScheduledEvent]
  private var next = 0

  /// Starts at the beginning of `schedule`.
  public init(_ schedule: [ScheduledEvent]) { self.schedule = schedule }

  /// Replaces `block` with the events of frames `start..<start + frames`, each at its offset in
  /// the block; events before `start` not yet handed out come at offset 0.
  public mutating func events(from start: Int, frames: Int, into block: inout [SamplerEvent]) {
    block.removeAll(keepingCapacity: true)
    while next < schedule.count, schedule[next].frame < start + frames {
      var event = schedule[next].event
      event.frame = max(schedule[next].frame - start, 0)
      block.append(event)
      next += 1
    }
  }

  /// The frame just after the last event (0 for an empty schedule).
  public var endFrame: Int { schedule.last.map { $0.frame + 1 } ?? 0 }
}
