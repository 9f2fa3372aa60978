/// A MIDI Tuning Standard message (MMA, "MIDI Tuning Updated Specification", with the bank and
/// dump extensions of CA-020): the tunings it gives keys, ready to become sampler events.
///
/// Applied:
/// - Bulk tuning dump, `F0 7E <device> 08 01 tt <name ×16> [xx yy zz ×128] <checksum> F7`, and
///   the key-based tuning dump with a bank, `F0 7E <device> 08 04 bb tt <name> ... F7`:
///   non-real-time, so the keys' new pitches apply to notes started after it.
/// - Single note tuning change, `F0 7F <device> 08 02 tt ll [kk xx yy zz ×ll] F7`, and with a
///   bank `F0 7F <device> 08 07 bb tt ll ... F7`: real-time, so notes sounding on the keys move
///   to their new pitches at once (the specification's preferred behaviour). The non-real-time
///   form with a bank, `F0 7E <device> 08 07 ...`, is a set-up message: it leaves sounding notes
///   alone, as CA-020 says.
///
/// `xx yy zz` is a pitch: `xx` the 12-TET semitone (MIDI note number, A4 = 69 = 440 Hz) and
/// `yy zz` a 14-bit fraction of a semitone above it (steps of 100/16384 cent); `7F 7F 7F`
/// leaves the key as it was. The sampler keeps one tuning, so every message applies to it
/// whatever its device ID, tuning program (`tt`) and bank (`bb`). A dump's checksum is the XOR of
/// its bytes from `7E` to the last data byte; one that leaves `7E` out, as some senders do, is
/// accepted too. Dump requests (`08 00`, `08 03`) and SysEx that are not MIDI tuning messages
/// are not tunings: ``init(systemExclusive:)`` returns nil for them.
///
/// ```swift
/// if let message = try MIDITuningMessage(systemExclusive: bytes) {
///   events += message.events(frame: frame)
/// }
/// ```
public struct MIDITuningMessage: Sendable, Equatable {
  /// What kind of tuning message it is.
  public enum Kind: Sendable, Equatable {
    /// A bulk tuning dump (`08 01`) or key-based tuning dump with a bank (`08 04`): all 128 keys.
    case bulkDump
    /// A single note tuning change (`08 02`, or `08 07` with a bank): some keys.
    case singleNoteChange
  }

  /// One key's new frequency.
  public struct KeyTuning: Sendable, Equatable {
    /// The MIDI key, 0...127.
    public var key: UInt8
    /// Its new frequency in Hz.
    public var frequency: Double
  }

  /// The kind of message.
  public var kind: Kind
  /// Whether it came in the real-time form (`F0 7F`): notes sounding on its keys move at once.
  public var isRealTime: Bool
  /// The tuning program it addresses (`tt`).
  public var program: UInt8
  /// The tuning bank it addresses (`bb`), for the messages that carry one.
  public var bank: UInt8?
  /// A dump's 16-character name, trailing spaces removed; nil for single note changes.
  public var name: String?
  /// The keys it retunes, in message order; keys marked "no change" are left out.
  public var keyTunings: [KeyTuning]

  /// Decodes a complete SysEx message, from its F0 to its F7. Returns nil when the message is not
  /// a MIDI tuning message that tunes keys; throws when it is one but is malformed or not one
  /// this sampler applies.
  public init?(systemExclusive bytes: [UInt8]) throws(MIDITuningError) {
    let decoded = try bytes.withUnsafeBufferPointer {
      (buffer) throws(MIDITuningError) -> MIDITuningMessage? in
      guard let layout = try MTSLayout(buffer) else { return nil }
      var tunings: [KeyTuning] = []
      var keys = layout.keys(in: buffer)
      while let (key, frequency) = keys.next() {
        tunings.append(KeyTuning(key: key, frequency: frequency))
      }
      let name = layout.name.map { range in
        String(
          decoding: buffer[range].reversed().drop(while: { $0 == 0x20 }).reversed(), as: UTF8.self)
      }
      return MIDITuningMessage(
        kind: layout.kind, isRealTime: layout.isRealTime, program: layout.program,
        bank: layout.bank, name: name, keyTunings: tunings)
    }
    guard let decoded else { return nil }
    self = decoded
  }

  private init(
    kind: Kind, isRealTime: Bool, program: UInt8, bank: UInt8?, name: String?,
    keyTunings: [KeyTuning]
  ) {
    self.kind = kind
    self.isRealTime = isRealTime
    self.program = program
    self.bank = bank
    self.name = name
    self.keyTunings = keyTunings
  }

  /// The sampler events that apply the message at `frame` of a render call's block.
  public func events(frame: Int = 0) -> [SamplerEvent] {
    keyTunings.map {
      .keyTuning(
        key: $0.key, frequency: $0.frequency, retunesSoundingNotes: isRealTime, frame: frame)
    }
  }

  /// Calls `body` with the sampler event for each key a MIDI tuning message retunes, at `frame`,
  /// without allocating: for hosts that receive SysEx on the render thread. Returns false when
  /// the bytes are not a MIDI tuning message that tunes keys (``init(systemExclusive:)`` would
  /// return nil).
  public static func forEachEvent(
    inSystemExclusive bytes: UnsafeBufferPointer<UInt8>, frame: Int,
    _ body: (SamplerEvent) -> Void
  ) throws(MIDITuningError) -> Bool {
    guard let layout = try MTSLayout(bytes) else { return false }
    var keys = layout.keys(in: bytes)
    while let (key, frequency) = keys.next() {
      body(
        .keyTuning(
          key: key, frequency: frequency, retunesSoundingNotes: layout.isRealTime, frame: frame))
    }
    return true
  }
}
