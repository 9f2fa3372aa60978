import SFZSampler

extension EventSchedule {
  /// `schedule` as an MPE receiver hears it (`MPEReceiver`): in `zones` from the start, and in
  /// whatever zones the song's own MPE Configuration Messages set up from theirs on. Notes in a
  /// zone become notes with ids, and their member channels' pitch bend, pressure and CC74 their
  /// own expression; every other event keeps its place, so a song with no zones comes back as
  /// it was.
  public static func applyingMPE(_ schedule: [ScheduledEvent], zones: MPEZoneLayout = .none)
    -> [ScheduledEvent]
  {
    var receiver = MPEReceiver(zones: zones)
    var result: [ScheduledEvent] = []
    result.reserveCapacity(schedule.count)
    var heard: [SamplerEvent] = []
    for scheduled in schedule {
      heard.removeAll(keepingCapacity: true)
      receiver.receive(scheduled.event, into: &heard)
      for event in heard { result.append(ScheduledEvent(frame: scheduled.frame, event: event)) }
    }
    return result
  }
}
