/// Places the events of parsed tracks on one timeline: absolute ticks, one merged tempo map,
/// tick-stable ordering and times in seconds.
struct Song {
  var events: [MIDITimedEvent]
  var tempoChanges: [MIDITempoChange]
  var systemExclusive: [MIDISystemExclusive]
  var duration: Double

  init(tracks: [ParsedTrack], format: Int, division: Division) {
    let starts = Self.trackStartTicks(tracks, sequential: format == 2)
    let changes = Self.mergedTempoChanges(tracks, starts: starts)
    let tempoMap = TempoMap(division: division, changes: changes)

    // Sorting on (tick, position in track order) rather than seconds keeps simultaneous events in
    // file order even where floating point could make equal times compare unequal.
    var unsorted: [(tick: Int, track: Int, message: MIDIMessage)] = []
    unsorted.reserveCapacity(tracks.reduce(0) { $0 + $1.events.count })
    for (index, track) in tracks.enumerated() {
      for event in track.events {
        unsorted.append((starts[index] + event.tick, index, event.message))
      }
    }
    let order = unsorted.indices.sorted {
      (unsorted[$0].tick, $0) < (unsorted[$1].tick, $1)
    }
    events = order.map { index in
      let event = unsorted[index]
      return MIDITimedEvent(
        seconds: tempoMap.seconds(atTick: event.tick), tick: event.tick, track: event.track,
        message: event.message)
    }
    let messages = zip(starts, tracks).enumerated().flatMap { index, pair in
      pair.1.systemExclusive.map { (tick: pair.0 + $0.tick, track: index, message: $0) }
    }
    systemExclusive = messages.indices.sorted {
      (messages[$0].tick, $0) < (messages[$1].tick, $1)
    }.map { index in
      let (tick, track, message) = messages[index]
      return MIDISystemExclusive(
        seconds: tempoMap.seconds(atTick: tick), tick: tick, track: track,
        fileOffset: message.offset, bytes: message.bytes)
    }
    tempoChanges = changes.map {
      MIDITempoChange(
        tick: $0.tick, seconds: tempoMap.seconds(atTick: $0.tick),
        microsecondsPerQuarter: $0.microsecondsPerQuarter)
    }
    let lastTick = zip(starts, tracks).map { $0 + $1.endTick }.max() ?? 0
    duration = tempoMap.seconds(atTick: lastTick)
  }

  /// Tick at which each track begins: 0 for simultaneous tracks; for format 2 the sum of the
  /// lengths of the tracks before it.
  private static func trackStartTicks(_ tracks: [ParsedTrack], sequential: Bool) -> [Int] {
    guard sequential else { return Array(repeating: 0, count: tracks.count) }
    var starts: [Int] = []
    starts.reserveCapacity(tracks.count)
    var next = 0
    for track in tracks {
      starts.append(next)
      next += track.endTick
    }
    return starts
  }

  /// All tempo changes on absolute ticks, sorted by tick with track order then file order on ties
  /// (so at one tick the last change in that order is the one that holds).
  private static func mergedTempoChanges(
    _ tracks: [ParsedTrack], starts: [Int]
  ) -> [ParsedTrack.TempoChange] {
    let all = zip(starts, tracks).flatMap { start, track in
      track.tempoChanges.map {
        ParsedTrack.TempoChange(
          tick: start + $0.tick, microsecondsPerQuarter: $0.microsecondsPerQuarter)
      }
    }
    return all.indices.sorted { (all[$0].tick, $0) < (all[$1].tick, $1) }.map { all[$0] }
  }
}
