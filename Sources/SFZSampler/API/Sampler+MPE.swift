extension Sampler {
  /// The MPE zones of the sampler's MIDI input, ``receiveMIDI(_:)``: none at first, so that
  /// input is plain MIDI until this is set or an MPE Configuration Message arrives (RPN 6 on
  /// channel 1 or 16, which changes this too). Setting it stops the notes of every channel that
  /// joins or leaves a zone and resets its controllers, as the MPE specification asks of a
  /// configuration change.
  ///
  /// In a zone, MPE decides pitch bend: a member channel's bend moves its notes only, over 48
  /// semitones, and the manager channel's bends the whole zone over 2, until RPN 0 changes
  /// either range. The instrument's `bend_up`/`bend_down` and `pitchBendRange` apply to channels
  /// outside the zones. ``MPEReceiver`` says what happens to each message.
  ///
  /// `play`, `stop`, `controlChange` and `pitchBend` go to the engine directly, past MPE.
  public var mpeZones: MPEZoneLayout {
    get { lock.withLock { mpe.zones } }
    set {
      lock.withLock {
        var events: [SamplerEvent] = []
        mpe.configure(newValue, into: &events)
        for event in events { engine.post(event.raw) }
      }
    }
  }

  /// Plays one MIDI channel message from a controller or sequencer (a note, a controller, a bend,
  /// pressure, a program change, as a `SamplerEvent`), through MPE when it falls in a zone. Like
  /// `play`, it reaches the next render call.
  ///
  /// ```swift
  /// sampler.receiveMIDI(.controlChange(controller: 101, value: 0))   // RPN 6 on channel 1:
  /// sampler.receiveMIDI(.controlChange(controller: 100, value: 6))   // a lower zone
  /// sampler.receiveMIDI(.controlChange(controller: 6, value: 15))    // of 15 member channels
  /// sampler.receiveMIDI(.noteOn(key: 60, velocity: 90, channel: 1))
  /// sampler.receiveMIDI(.pitchBend(value: 341, channel: 1))          // that note, +2 semitones
  /// ```
  ///
  /// Hosts that render with events on exact frames run their own ``MPEReceiver`` instead.
  public func receiveMIDI(_ event: SamplerEvent) {
    lock.withLock {
      var events: [SamplerEvent] = []
      mpe.receive(event, into: &events)
      for event in events { engine.post(event.raw) }
    }
  }
}
