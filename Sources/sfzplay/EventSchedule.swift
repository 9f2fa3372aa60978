import MIDIFile
import SFZSampler

/// A sampler event at its absolute frame in the song.
struct ScheduledEvent {
  /// Frame from the start of the output.
  var frame: Int
  /// The event; its in-block `frame` is filled in when the block is rendered.
  var event: SamplerEvent
}

/// Turns a MIDI file into sampler events on exact output frames, all 16 channels, every channel
/// message kind.
enum EventSchedule {
  /// Events in time order. Each frame is the event's exact time times the rate, rounded: blocks
  /// are cut around them later, never the other way round.
  static func make(song: MIDIFile, sampleRate: Int) -> [ScheduledEvent] {
    // The song's tempo reaches the instrument too (lobpm/hibpm, sync_beats); a tempo change
    // sorts before the notes of its frame.
    let tempos = song.tempoChanges.map { change in
      ScheduledEvent(
        frame: Int((change.seconds * Double(sampleRate)).rounded()),
        event: .tempo(bpm: 60_000_000 / Double(change.microsecondsPerQuarter)))
    }
    let messages = song.events.map { timed in
      ScheduledEvent(
        frame: timed.frame(atSampleRate: Double(sampleRate)), event: samplerEvent(timed.message))
    }
    return (tempos + messages).enumerated()
      .sorted { ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset) }
      .map(\.element)
  }

  static func samplerEvent(_ message: MIDIMessage) -> SamplerEvent {
    switch message {
    case .noteOn(let channel, let note, let velocity):
      return .noteOn(key: note, velocity: velocity, channel: channel)
    case .noteOff(let channel, let note, _):
      return .noteOff(key: note, channel: channel)
    case .controlChange(let channel, let controller, let value):
      return .controlChange(controller: controller, value: value, channel: channel)
    case .programChange(let channel, let program):
      return .programChange(program: program, channel: channel)
    case .pitchBend(let channel, let value):
      return .pitchBend(value: Int(value), channel: channel)
    case .channelPressure(let channel, let pressure):
      return .channelPressure(pressure: pressure, channel: channel)
    case .polyPressure(let channel, let note, let pressure):
      return .polyPressure(key: note, pressure: pressure, channel: channel)
    }
  }
}
