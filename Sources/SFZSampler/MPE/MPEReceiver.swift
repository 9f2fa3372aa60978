import CSamplerCore

/// Turns the MIDI of an MPE controller or an MPE song into sampler events: each note played in
/// an MPE zone gets a note id, and the pitch bend, channel pressure and CC74 of its member
/// channel become that note's own pitch, pressure and brightness (MIDI Polyphonic Expression
/// 1.0). Channels outside the zones, and everything it does not handle, pass through unchanged,
/// so a song without MPE comes out exactly as it went in.
///
/// What it does with each message of a zone:
///
/// | message | on a member channel | on the manager channel |
/// | --- | --- | --- |
/// | note-on, note-off | a note with an id | a note with an id |
/// | pitch bend | the channel's notes' pitch | every note's pitch in the zone |
/// | channel pressure | the channel's notes' pressure | channel pressure on every channel of the zone |
/// | CC74 | the channel's notes' brightness | CC74 on every channel of the zone |
/// | other controllers, program change | passed on | sent to every channel of the zone |
///
/// Pitch bend in a zone uses MPE's ranges, never the instrument's: 48 semitones on member
/// channels and 2 on the manager channel until RPN 0 (pitch bend sensitivity) changes them
/// (section 2.4: one range for all member channels of a zone, so RPN 0 on any of them sets it
/// for all). A note's pitch is its member channel's bend plus the manager channel's bend
/// (section 2.3.2: both apply, combined). The instrument's `bend_up`, `bend_down` and
/// `bend_step`, the sampler's `pitchBendRange` and bend conditions (`lobend`/`hibend`) apply
/// on channels outside the zones only: in a zone the engine's own channel bend stays centred.
///
/// A note's pressure reaches its voices as its own aftertouch
/// (``SamplerEvent/notePressure(noteID:pressure:frame:)``),
/// which SFZ reads through `_polyaft` and `_chanaft` opcodes alike; the manager channel's
/// pressure becomes channel pressure for the whole zone, and each note reads the larger of
/// the two. A note's brightness moves the cutoff of its regions' filters by ``brightnessRange``
/// cents at CC74 127 (and the same down at 0), CC74 64 being neutral.
///
/// A member channel's values hold between notes: a note starts with the pitch bend, pressure
/// and CC74 its channel has (section 3.3.1 has the sender set them before the note-on). At its
/// note-off a note stops following its channel, so the next note's settings never bend the
/// previous note's release. An MPE Configuration Message (RPN 6 on channel 1 or 16, section
/// 2.1) sets up or changes a zone, whatever ``zones`` was; every channel that joins or leaves a
/// zone has its notes stopped and its controllers reset (section 2.1.4).
///
/// It allocates only while more notes are held than ever before and when the zones change, so
/// after a warm-up it can run on the audio thread when `events` has room reserved (a test
/// counts the allocations).
///
/// ```swift
/// var mpe = MPEReceiver(zones: .lowerZone)
/// var events: [SamplerEvent] = []
/// events.reserveCapacity(64)
/// mpe.receive(.noteOn(key: 60, velocity: 100, channel: 1), into: &events)
/// mpe.receive(.pitchBend(value: 341, channel: 1), into: &events)  // this note, +2 semitones
/// ```
public struct MPEReceiver: Sendable {
  /// The zones now: as created, as ``configure(_:frame:into:)`` set them, or as the last MPE
  /// Configuration Message left them.
  public internal(set) var zones: MPEZoneLayout

  /// Cents of brightness (filter cutoff) at CC74 127 on a member channel, and minus that at 0.
  public var brightnessRange = 2_400.0

  /// A zone's ranges and its manager channel's bend.
  struct ZoneState {
    var memberBendRange = 48.0  // semitones, section 2.4
    var managerBendRange = 2.0
    var managerBend: Int32 = 0
  }

  /// What a channel of a zone holds between messages.
  struct ChannelState {
    /// The registered parameter that data entry sets; nil when none (or a non-registered one).
    var parameter: RegisteredParameter?
    var bend: Int32 = 0
    var pressure: UInt8 = 0
    var timbre = MIDINumbers.timbreCentre
  }

  /// A note held in a zone.
  struct Note {
    var channel: UInt8
    var key: UInt8
    var id: UInt32
  }

  var zoneStates = [ZoneState](repeating: ZoneState(), count: 2)
  var channels = [ChannelState](repeating: ChannelState(), count: 16)
  var notes: [Note] = []
  private var nextID = Self.firstID

  /// Ids the receiver hands out have the top bit set, leaving the rest to callers who start
  /// notes with their own ids on the same sampler.
  static let firstID: UInt32 = 0x8000_0000

  /// A receiver with `zones` set up (none: plain MIDI until a configuration message comes).
  public init(zones: MPEZoneLayout = .none) {
    self.zones = zones
    notes.reserveCapacity(64)
  }

  /// Sets the zones as MPE Configuration Messages would: channels that join or leave a zone
  /// have their notes stopped and controllers reset, and both zones' pitch bend ranges return
  /// to 48 and 2 semitones. The events that does so go into `events`, at `frame`.
  public mutating func configure(
    _ zones: MPEZoneLayout, frame: Int = 0, into events: inout [SamplerEvent]
  ) {
    adopt(zones, resetting: MPEZoneLayout.Zone.allCases, frame: frame, into: &events)
  }

  /// Appends to `events` what `event`, received as MIDI, does: itself when it is not MPE's
  /// concern, otherwise the note-ons with ids, per-note expressions and zone-wide messages
  /// above. Each comes at `event`'s frame.
  public mutating func receive(_ event: SamplerEvent, into events: inout [SamplerEvent]) {
    let raw = event.raw
    let channel = raw.channel & 15
    if raw.type == UInt8(SC_EVENT_CONTROL_CHANGE.rawValue) {
      // a configuration message may change what the channel is
      setParameter(channel: channel, controller: raw.data1, value: raw.data2, event, &events)
    }
    guard let role = zones.role(of: channel) else {
      events.append(event)
      return
    }
    switch UInt32(raw.type) {
    case SC_EVENT_NOTE_ON.rawValue where raw.data2 > 0:
      noteOn(event, role: role, into: &events)
    case SC_EVENT_NOTE_ON.rawValue, SC_EVENT_NOTE_OFF.rawValue:
      removeNotes { $0.channel == channel && $0.key == raw.data1 }
      events.append(event)
    case SC_EVENT_PITCH_BEND.rawValue:
      bend(raw.value, role: role, channel: channel, event, into: &events)
    case SC_EVENT_CHANNEL_PRESSURE.rawValue:
      guard case .member = role else { return spread(event, over: role, into: &events) }
      channels[Int(channel)].pressure = raw.data1
      forNotes(where: { $0.channel == channel }, into: &events) {
        pressure(of: $0, at: event.frame)
      }
    case SC_EVENT_CONTROL_CHANGE.rawValue:
      control(event, role: role, into: &events)
    case SC_EVENT_PROGRAM_CHANGE.rawValue:
      spread(event, over: role, into: &events)
    default:
      events.append(event)
    }
  }

  // MARK: Notes

  private mutating func noteOn(
    _ event: SamplerEvent, role: MPEZoneLayout.Role, into events: inout [SamplerEvent]
  ) {
    let raw = event.raw
    let channel = raw.channel & 15
    removeNotes { $0.channel == channel && $0.key == raw.data1 }
    let note = Note(channel: channel, key: raw.data1, id: nextID)
    nextID = nextID == .max ? Self.firstID : nextID + 1
    notes.append(note)
    events.append(
      .noteOn(
        key: raw.data1, velocity: raw.data2, channel: channel, noteID: note.id,
        frame: event.frame))
    // the note starts with what its channels hold (section 3.3.1)
    let cents = pitchCents(of: note)
    if cents != 0 { events.append(.notePitch(noteID: note.id, cents: cents, frame: event.frame)) }
    guard case .member = role else { return }
    let state = channels[Int(channel)]
    if state.pressure > 0 { events.append(pressure(of: note, at: event.frame)) }
    if state.timbre != MIDINumbers.timbreCentre {
      events.append(brightness(of: note, at: event.frame))
    }
  }

  /// The note's pitch: its member channel's bend plus its zone's manager channel's bend.
  func pitchCents(of note: Note) -> Double {
    guard let role = zones.role(of: note.channel) else { return 0 }
    switch role {
    case .manager(let zone):
      return Self.cents(
        zoneStates[zone.rawValue].managerBend, zoneStates[zone.rawValue].managerBendRange)
    case .member(let zone):
      let state = zoneStates[zone.rawValue]
      return Self.cents(channels[Int(note.channel)].bend, state.memberBendRange)
        + Self.cents(state.managerBend, state.managerBendRange)
    }
  }

  /// Cents of a 14-bit bend over `range` semitones each way.
  private static func cents(_ bend: Int32, _ range: Double) -> Double {
    let full = bend > 0 ? MIDINumbers.bendUp : MIDINumbers.bendDown
    return Double(bend) / full * range * 100
  }

  private func pressure(of note: Note, at frame: Int) -> SamplerEvent {
    .notePressure(
      noteID: note.id, pressure: Double(channels[Int(note.channel)].pressure) / 127, frame: frame)
  }

  private func brightness(of note: Note, at frame: Int) -> SamplerEvent {
    let timbre = Double(channels[Int(note.channel)].timbre)
    let centre = Double(MIDINumbers.timbreCentre)
    let swing = timbre >= centre ? 127 - centre : centre
    return .noteBrightness(
      noteID: note.id, cents: (timbre - centre) / swing * brightnessRange, frame: frame)
  }

  /// New pitches for the notes of `channel`, or of a whole zone.
  func repitch(
    where belongs: (Note) -> Bool, at frame: Int, into events: inout [SamplerEvent]
  ) {
    forNotes(where: belongs, into: &events) {
      .notePitch(noteID: $0.id, cents: pitchCents(of: $0), frame: frame)
    }
  }

  /// Forgets the notes that are `gone`, keeping the others in order.
  mutating func removeNotes(where gone: (Note) -> Bool) {
    var kept = 0
    var index = 0
    while index < notes.count {
      if !gone(notes[index]) {
        notes[kept] = notes[index]
        kept += 1
      }
      index += 1
    }
    while notes.count > kept { notes.removeLast() }
  }

  /// Appends `make(note)` for every held note that `belongs`. Index loops, here and in
  /// `removeNotes` and `spread`: hosts run this on the audio thread, and in an unoptimised build
  /// a for-in loop's iterator (and `removeAll(where:)`) allocates.
  func forNotes(
    where belongs: (Note) -> Bool, into events: inout [SamplerEvent],
    _ make: (Note) -> SamplerEvent
  ) {
    var index = 0
    while index < notes.count {
      if belongs(notes[index]) { events.append(make(notes[index])) }
      index += 1
    }
  }

  // MARK: Channel messages

  private mutating func bend(
    _ value: Int32, role: MPEZoneLayout.Role, channel: UInt8, _ event: SamplerEvent,
    into events: inout [SamplerEvent]
  ) {
    switch role {
    case .member:
      channels[Int(channel)].bend = value
      repitch(where: { $0.channel == channel }, at: event.frame, into: &events)
    case .manager(let zone):
      zoneStates[zone.rawValue].managerBend = value
      let layout = zones
      repitch(where: { layout.zone(of: $0.channel) == zone }, at: event.frame, into: &events)
    }
  }

  private mutating func control(
    _ event: SamplerEvent, role: MPEZoneLayout.Role, into events: inout [SamplerEvent]
  ) {
    let raw = event.raw
    let channel = raw.channel & 15
    switch role {
    case .member:
      switch raw.data1 {
      case MIDINumbers.timbre:
        channels[Int(channel)].timbre = raw.data2
        forNotes(where: { $0.channel == channel }, into: &events) {
          brightness(of: $0, at: event.frame)
        }
        return
      case MIDINumbers.resetAllControllers:
        channels[Int(channel)].bend = 0
        channels[Int(channel)].pressure = 0
        forNotes(where: { $0.channel == channel }, into: &events) {
          pressure(of: $0, at: event.frame)
        }
        repitch(where: { $0.channel == channel }, at: event.frame, into: &events)
      case MIDINumbers.allNotesOff, MIDINumbers.allSoundOff:
        removeNotes { $0.channel == channel }
      default: break
      }
      events.append(event)
    case .manager(let zone):
      let layout = zones
      switch raw.data1 {
      case MIDINumbers.resetAllControllers:
        zoneStates[zone.rawValue].managerBend = 0
        repitch(where: { layout.zone(of: $0.channel) == zone }, at: event.frame, into: &events)
      case MIDINumbers.allNotesOff, MIDINumbers.allSoundOff:
        removeNotes { layout.zone(of: $0.channel) == zone }
      default: break
      }
      // parameters are the manager channel's own; everything else is the zone's
      if MIDINumbers.parameterControllers.contains(raw.data1) {
        events.append(event)
      } else {
        spread(event, over: role, into: &events)
      }
    }
  }

  /// A manager channel's message for every channel of its zone; a member channel's as it is.
  private func spread(
    _ event: SamplerEvent, over role: MPEZoneLayout.Role, into events: inout [SamplerEvent]
  ) {
    guard case .manager(let zone) = role else { return events.append(event) }
    var channel: UInt8 = 0
    while channel < 16 {
      if zones.zone(of: channel) == zone {
        var copy = event
        copy.raw.channel = channel
        events.append(copy)
      }
      channel += 1
    }
  }
}
