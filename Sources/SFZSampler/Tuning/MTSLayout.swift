/// The numbers of the MIDI Tuning Standard (MMA, "MIDI Tuning Updated Specification").
enum MTS {
  static let systemExclusive: UInt8 = 0xF0
  static let endOfExclusive: UInt8 = 0xF7
  /// Universal SysEx IDs: the message's form.
  static let nonRealTime: UInt8 = 0x7E
  static let realTime: UInt8 = 0x7F
  /// Sub-ID #1 of every tuning message.
  static let tuningStandard: UInt8 = 0x08
  /// Sub-ID #2: the message's kind.
  static let bulkDumpRequest: UInt8 = 0x00
  static let bulkDump: UInt8 = 0x01
  static let singleNoteChange: UInt8 = 0x02
  static let bankDumpRequest: UInt8 = 0x03
  static let keyBasedDump: UInt8 = 0x04
  static let singleNoteChangeWithBank: UInt8 = 0x07
  /// Bytes in a dump's name, and keys in a dump.
  static let nameLength = 16
  static let keyCount = 128
  /// A pitch's `yy zz`: 14 bits of fraction of a semitone.
  static let fractionSteps = 16_384.0
  /// The pitch bytes that leave a key as it was.
  static let noChange: UInt8 = 0x7F
}

/// Where the parts of a checked MIDI tuning message lie in its bytes.
struct MTSLayout {
  var kind: MIDITuningMessage.Kind
  var isRealTime: Bool
  var program: UInt8
  var bank: UInt8?
  /// The dump's name bytes.
  var name: Range<Int>?
  /// The first pitch entry, how many there are, and whether each starts with its key.
  var entries: Int
  var count: Int
  var keyed: Bool

  /// Checks `bytes` (F0 ... F7): nil when they are not a tuning message that tunes keys.
  init?(_ bytes: UnsafeBufferPointer<UInt8>) throws(MIDITuningError) {
    guard bytes.count >= 5, bytes[0] == MTS.systemExclusive,
      bytes[1] == MTS.nonRealTime || bytes[1] == MTS.realTime, bytes[3] == MTS.tuningStandard
    else { return nil }
    // Indexing and plain loops only: unoptimised, `last` and closures over the bytes allocate,
    // and hosts may decode on the render thread.
    guard bytes[bytes.count - 1] == MTS.endOfExclusive else { throw .missingEndOfExclusive }
    for offset in 1..<bytes.count - 1 where bytes[offset] & 0x80 != 0 {
      throw .statusByteInData(offset: offset, byte: bytes[offset])
    }
    isRealTime = bytes[1] == MTS.realTime
    let subID = bytes[4]
    if !isRealTime && (subID == MTS.bulkDumpRequest || subID == MTS.bankDumpRequest) {
      return nil
    } else if !isRealTime && (subID == MTS.bulkDump || subID == MTS.keyBasedDump) {
      let hasBank = subID == MTS.keyBasedDump
      let programAt = hasBank ? 6 : 5
      try Self.require(bytes, subID, count: programAt + 1 + MTS.nameLength + 3 * MTS.keyCount + 2)
      kind = .bulkDump
      bank = hasBank ? bytes[5] : nil
      program = bytes[programAt]
      name = programAt + 1..<programAt + 1 + MTS.nameLength
      entries = programAt + 1 + MTS.nameLength
      count = MTS.keyCount
      keyed = false
      try Self.checkSum(bytes)
    } else if (isRealTime && subID == MTS.singleNoteChange) || subID == MTS.singleNoteChangeWithBank
    {
      let hasBank = subID == MTS.singleNoteChangeWithBank
      let programAt = hasBank ? 6 : 5
      guard bytes.count > programAt + 2 else {
        throw .wrongLength(subID: subID, expected: programAt + 3, actual: bytes.count)
      }
      kind = .singleNoteChange
      bank = hasBank ? bytes[5] : nil
      program = bytes[programAt]
      name = nil
      count = Int(bytes[programAt + 1])
      entries = programAt + 2
      keyed = true
      try Self.require(bytes, subID, count: entries + 4 * count + 1)
    } else {
      throw .unsupported(subID: subID, isRealTime: isRealTime)
    }
  }

  private static func require(
    _ bytes: UnsafeBufferPointer<UInt8>, _ subID: UInt8, count: Int
  ) throws(MIDITuningError) {
    guard bytes.count == count else {
      throw .wrongLength(subID: subID, expected: count, actual: bytes.count)
    }
  }

  /// The checksum before the F7 is the XOR of the bytes from 7E on; senders that start after
  /// the 7E differ from it by exactly 7E.
  private static func checkSum(_ bytes: UnsafeBufferPointer<UInt8>) throws(MIDITuningError) {
    let found = bytes[bytes.count - 2]
    var expected: UInt8 = 0
    for offset in 1..<bytes.count - 2 { expected ^= bytes[offset] }
    expected &= 0x7F
    guard found == expected || found == expected ^ MTS.nonRealTime else {
      throw .checksumMismatch(expected: expected, found: found)
    }
  }

  /// The keys the message retunes with their new frequencies in Hz, read as they are needed
  /// (an iterator rather than a callback, so reading them allocates nothing even unoptimised).
  func keys(in bytes: UnsafeBufferPointer<UInt8>) -> KeyIterator {
    KeyIterator(layout: self, bytes: bytes)
  }

  struct KeyIterator: IteratorProtocol {
    let layout: MTSLayout
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    mutating func next() -> (key: UInt8, frequency: Double)? {
      let stride = layout.keyed ? 4 : 3
      while index < layout.count {
        let at = layout.entries + index * stride
        let key = layout.keyed ? bytes[at] : UInt8(index)
        let pitch = layout.keyed ? at + 1 : at
        index += 1
        let (xx, yy, zz) = (bytes[pitch], bytes[pitch + 1], bytes[pitch + 2])
        if xx == MTS.noChange && yy == MTS.noChange && zz == MTS.noChange { continue }
        let fraction = Double(Int(yy) << 7 | Int(zz)) / MTS.fractionSteps
        return (key, Tuning.frequency(ofCents: 100 * (Double(xx) + fraction)))
      }
      return nil
    }
  }
}
