/// Puts SysEx messages back together from a track's `F0` and `F7` events (Standard MIDI File
/// specification, "sysex events"): `F0 <length> <bytes>` starts a message, which is complete when
/// its bytes end with `F7`; otherwise `F7 <length> <bytes>` events continue it (a message sent in
/// parts) until one ends with `F7`. An `F7` event with no message pending is an escape carrying
/// any bytes at all: it is a complete message only when those bytes run from `F0` to `F7`.
struct SystemExclusiveAssembler {
  /// A complete message on the track's own ticks.
  struct Message {
    var tick: Int
    var offset: Int
    var bytes: [UInt8]
  }

  private(set) var complete: [Message] = []
  private var pending: (offset: Int, bytes: [UInt8])?

  /// Takes one `F0` or `F7` event's bytes (after its length), read at `offset` on `tick`.
  mutating func add(
    status: UInt8, body: ArraySlice<UInt8>, tick: Int, offset: Int, file: String,
    warnings: inout WarningLog
  ) {
    if status == 0xF0 {
      if let unfinished = pending { warnUnfinished(unfinished.offset, file, &warnings) }
      pending = (offset, [0xF0] + body)
    } else if pending != nil {
      pending?.bytes += body
    } else {
      if body.first == 0xF0, body.last == 0xF7 {
        complete.append(Message(tick: tick, offset: offset, bytes: Array(body)))
      }
      return
    }
    if let message = pending, message.bytes.count > 1, message.bytes.last == 0xF7 {
      complete.append(Message(tick: tick, offset: offset, bytes: message.bytes))
      pending = nil
    }
  }

  /// Warns about a message the track left unfinished.
  mutating func finish(file: String, warnings: inout WarningLog) {
    if let unfinished = pending { warnUnfinished(unfinished.offset, file, &warnings) }
    pending = nil
  }

  private func warnUnfinished(_ offset: Int, _ file: String, _ warnings: inout WarningLog) {
    warnings.add(
      Diagnostic.line(
        file: file, offset: offset,
        message: "SysEx message never ends with F7 (its continuation is missing); ignored"))
  }
}
