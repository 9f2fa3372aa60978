extension Sampler {
  /// Starts a note that per-note events (``SamplerEvent/notePitch(noteID:cents:frame:)`` and the
  /// others, sent with ``send(_:)``) can address by `noteID`. Stop it with
  /// ``stop(noteNumber:channel:)``.
  public func play(noteNumber: UInt8, velocity: UInt8, channel: UInt8 = 0, noteID: UInt32) {
    send(.noteOn(key: noteNumber, velocity: velocity, channel: channel, noteID: noteID))
  }

  /// Queues `event` for the next render call, where it applies at the first frame (its own
  /// `frame` is ignored), as `play` and the controller calls do. Real-time hosts that want an
  /// event on an exact frame pass it to ``render(frameCount:events:left:right:)`` instead.
  public func send(_ event: SamplerEvent) {
    engine.post(event.raw)
  }
}
