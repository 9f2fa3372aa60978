/// Reads the WAV `smpl` chunk payload (the bytes after its 8-byte chunk header).
///
/// Layout, all little-endian 32-bit: a 36-byte header whose fields at offsets 12, 16 and 28 are the
/// MIDI unity note, the pitch fraction (of a semitone, over 2^32) and the loop count; then one
/// 24-byte record per loop: cue id, type (0 = forward), start, end (inclusive), fraction, play count.
enum SmplChunk {
  private static let headerSize = 36
  private static let loopRecordSize = 24

  /// Returns nil when the payload is too short to hold the header. A loop count larger than the
  /// records present is read as the records present, and noted.
  static func parse(_ payload: ArraySlice<UInt8>) -> SampleMetadata? {
    guard payload.count >= headerSize else { return nil }
    let bytes = Array(payload)
    let unityNote = Int(readUInt32LE(bytes, at: 12))
    let fraction = Double(readUInt32LE(bytes, at: 16))
    let declaredLoops = Int(readUInt32LE(bytes, at: 28))
    let storedLoops = (bytes.count - headerSize) / loopRecordSize
    var metadata = SampleMetadata(
      rootKey: (0...127).contains(unityNote) ? unityNote : nil,
      fineTuneCents: fraction / 4_294_967_296 * 100
    )
    if declaredLoops > storedLoops {
      metadata.notes.append(
        "smpl chunk declares \(declaredLoops) loop(s) but holds \(storedLoops); read \(storedLoops)"
      )
    }
    for index in 0..<min(declaredLoops, storedLoops) {
      let base = headerSize + index * loopRecordSize
      guard readUInt32LE(bytes, at: base + 4) == 0 else { continue }
      let start = Int(readUInt32LE(bytes, at: base + 8))
      let lastFrame = Int(readUInt32LE(bytes, at: base + 12))
      metadata.loop = SampleLoop(start: start, end: lastFrame + 1)
      break
    }
    return metadata
  }
}

/// Little-endian 32-bit read; callers check bounds first.
func readUInt32LE(_ bytes: [UInt8], at offset: Int) -> UInt32 {
  UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
    | UInt32(bytes[offset + 3]) << 24
}
