/// The registered parameters MPE uses: the MPE Configuration Message (RPN 6, which sets up the
/// zones) and pitch bend sensitivity (RPN 0, which sets a zone's bend ranges), followed on every
/// channel so that a configuration message is heard wherever MPE is not yet on.
extension MPEReceiver {
  /// Follows parameter selection (CC101/CC100, and CC99/CC98 which select none of ours) and
  /// acts on data entry (CC6, CC38) for the two parameters.
  mutating func setParameter(
    channel: UInt8, controller: UInt8, value: UInt8, _ event: SamplerEvent,
    _ events: inout [SamplerEvent]
  ) {
    let index = Int(channel)
    let selected = channels[index].parameter ?? MIDINumbers.nullParameter
    switch controller {
    case MIDINumbers.registeredMSB:
      channels[index].parameter = RegisteredParameter(msb: value, lsb: selected.lsb)
    case MIDINumbers.registeredLSB:
      channels[index].parameter = RegisteredParameter(msb: selected.msb, lsb: value)
    case MIDINumbers.nonRegisteredMSB, MIDINumbers.nonRegisteredLSB:
      channels[index].parameter = nil
    case MIDINumbers.dataEntryMSB:
      guard let parameter = channels[index].parameter else { return }
      if parameter == MIDINumbers.mpeConfiguration, let zone = Self.managedZone(channel) {
        // section 2.1.1: the data is the zone's member channel count; 0 turns it off
        adopt(
          zones.configuring(zone, memberChannels: Int(value)), resetting: [zone],
          frame: event.frame, into: &events)
      } else if parameter == MIDINumbers.pitchBendSensitivity {
        setBendRange(channel: channel, frame: event.frame, into: &events) { _ in
          Double(min(value, Self.widestBend))
        }
      }
    case MIDINumbers.dataEntryLSB:
      guard channels[index].parameter == MIDINumbers.pitchBendSensitivity else { return }
      setBendRange(channel: channel, frame: event.frame, into: &events) { range in
        range.rounded(.down) + Double(min(value, 99)) / 100
      }
    default: break
    }
  }

  /// The widest pitch bend sensitivity MPE allows, in semitones (section 2.4).
  static let widestBend: UInt8 = 96

  /// The zone whose manager channel `channel` is: where configuration messages are heard.
  private static func managedZone(_ channel: UInt8) -> MPEZoneLayout.Zone? {
    MPEZoneLayout.Zone.allCases.first { $0.managerChannel == channel }
  }

  /// RPN 0 on a channel of a zone: the range of its manager channel, or of all its member
  /// channels (section 2.4: they share one), in semitones; the notes it bends move at once.
  private mutating func setBendRange(
    channel: UInt8, frame: Int, into events: inout [SamplerEvent],
    _ change: (Double) -> Double
  ) {
    guard let role = zones.role(of: channel) else { return }
    let layout = zones
    switch role {
    case .manager(let zone):
      zoneStates[zone.rawValue].managerBendRange = change(
        zoneStates[zone.rawValue].managerBendRange)
      repitch(where: { layout.zone(of: $0.channel) == zone }, at: frame, into: &events)
    case .member(let zone):
      zoneStates[zone.rawValue].memberBendRange = change(zoneStates[zone.rawValue].memberBendRange)
      repitch(where: { layout.role(of: $0.channel) == role }, at: frame, into: &events)
    }
  }

  /// Takes `layout`. Every channel that joins or leaves a zone has its notes stopped and its
  /// controllers reset (section 2.1.4); the zones in `resetting` return to the default bend
  /// ranges and a centred manager bend, and the notes they still hold follow.
  mutating func adopt(
    _ layout: MPEZoneLayout, resetting reset: [MPEZoneLayout.Zone], frame: Int,
    into events: inout [SamplerEvent]
  ) {
    for channel in UInt8(0)..<16 where zones.role(of: channel) != layout.role(of: channel) {
      for controller in [MIDINumbers.resetAllControllers, MIDINumbers.allNotesOff] {
        events.append(
          .controlChange(controller: controller, value: 0, channel: channel, frame: frame))
      }
      removeNotes { $0.channel == channel }
      channels[Int(channel)] = ChannelState()
    }
    zones = layout
    for zone in reset { zoneStates[zone.rawValue] = ZoneState() }
    repitch(
      where: { note in layout.zone(of: note.channel).map(reset.contains) ?? false }, at: frame,
      into: &events)
  }
}
