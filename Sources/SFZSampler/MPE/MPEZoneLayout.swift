/// The MPE zones of a MIDI input (MIDI Polyphonic Expression 1.0, section 2.1): a lower zone
/// whose manager channel is channel 1 and whose member channels count up from channel 2, and an
/// upper zone whose manager channel is channel 16 and whose member channels count down from
/// channel 15. A zone with no member channels is off; with both off, the input is plain MIDI.
///
/// Channels here are numbered 0...15 as in ``SamplerEvent`` (channel 1 is 0).
///
/// ```swift
/// let layout = MPEZoneLayout(lowerMemberChannels: 15)   // the usual one-zone set-up
/// layout.role(of: 0)    // .manager(.lower)
/// layout.role(of: 7)    // .member(.lower)
/// ```
public struct MPEZoneLayout: Sendable, Hashable {
  /// One of the two zones.
  public enum Zone: Int, Sendable, Hashable, CaseIterable {
    /// Manager channel 1 (0 here), members from channel 2 up.
    case lower
    /// Manager channel 16 (15 here), members from channel 15 down.
    case upper

    /// The zone's manager channel, 0 or 15.
    public var managerChannel: UInt8 { self == .lower ? 0 : 15 }
  }

  /// What a channel does in a layout.
  public enum Role: Sendable, Hashable {
    /// The zone's manager channel: what it carries applies to every note of the zone.
    case manager(Zone)
    /// A member channel of the zone: its pitch bend, channel pressure and CC74 belong to the
    /// notes it plays.
    case member(Zone)
  }

  /// Member channels of the lower zone, 0...15; 0 turns the zone off.
  public private(set) var lowerMemberChannels: Int
  /// Member channels of the upper zone, 0...15; 0 turns the zone off.
  public private(set) var upperMemberChannels: Int

  /// Neither zone: plain MIDI.
  public static let none = MPEZoneLayout()
  /// A lower zone over every channel: manager channel 1 and member channels 2...16. What
  /// `sfzplay --mpe` assumes until a song configures its own zones.
  public static let lowerZone = MPEZoneLayout(lowerMemberChannels: 15)

  /// The zones with these member channel counts (each clamped to 0...15). Channels cannot
  /// belong to both zones: where the two would overlap, the upper zone gives way, as an older
  /// zone gives way to a newer MPE Configuration Message.
  public init(lowerMemberChannels: Int = 0, upperMemberChannels: Int = 0) {
    self.lowerMemberChannels = 0
    self.upperMemberChannels = 0
    self = configuring(.upper, memberChannels: upperMemberChannels)
      .configuring(.lower, memberChannels: lowerMemberChannels)
  }

  /// Member channels of `zone`.
  public func memberChannels(of zone: Zone) -> Int {
    zone == .lower ? lowerMemberChannels : upperMemberChannels
  }

  /// Whether any zone is on.
  public var isActive: Bool { lowerMemberChannels > 0 || upperMemberChannels > 0 }

  /// What `channel` (0...15) does, or nil when it belongs to no zone.
  public func role(of channel: UInt8) -> Role? {
    let channel = Int(channel)
    if lowerMemberChannels > 0 {
      if channel == 0 { return .manager(.lower) }
      if channel <= lowerMemberChannels { return .member(.lower) }
    }
    if upperMemberChannels > 0 {
      if channel == 15 { return .manager(.upper) }
      if channel >= 15 - upperMemberChannels { return .member(.upper) }
    }
    return nil
  }

  /// The zone `channel` belongs to, as manager or member, or nil.
  public func zone(of channel: UInt8) -> Zone? {
    switch role(of: channel) {
    case .manager(let zone), .member(let zone): zone
    case nil: nil
    }
  }

  /// The layout after an MPE Configuration Message for `zone` (section 2.1.1): the zone gets
  /// `memberChannels` (0 turns it off), and the other zone shrinks to what is left, if it
  /// must: of the 16 channels each zone needs its manager, so two zones share 14 members.
  public func configuring(_ zone: Zone, memberChannels: Int) -> MPEZoneLayout {
    var layout = self
    let count = min(max(memberChannels, 0), 15)
    let room = max(0, 14 - count)
    if zone == .lower {
      layout.lowerMemberChannels = count
      layout.upperMemberChannels = min(layout.upperMemberChannels, room)
    } else {
      layout.upperMemberChannels = count
      layout.lowerMemberChannels = min(layout.lowerMemberChannels, room)
    }
    return layout
  }
}
