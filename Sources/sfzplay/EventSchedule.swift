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
    song.events.map { timed in
      ScheduledEvent(
        frame: timed.frame(atSampleRate: Double(sampleRate)), event: samplerEvent(timed.message))
    }
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
