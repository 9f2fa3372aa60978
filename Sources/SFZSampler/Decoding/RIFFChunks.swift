/// Walks RIFF chunks (4-byte id, 4-byte little-endian size, payload padded to an even length).
enum RIFFChunks {
  /// Payloads of every chunk called `id` in `bytes`. A leading `RIFF`/`WAVE` header is skipped.
  ///
  /// Set `dataPayloadIncluded` to false for wrapper bytes (WavPack RIFF wrapper, FLAC "riff"
  /// application blocks): they keep the `data` chunk header but not the audio it announces, so
  /// the walk continues right after that header.
  static func payloads(
    of id: String, in bytes: [UInt8], dataPayloadIncluded: Bool
  ) -> [ArraySlice<UInt8>] {
    let wanted = Array(id.utf8)
    var offset = 0
    if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)) { offset = 12 }
    var found: [ArraySlice<UInt8>] = []
    while offset + 8 <= bytes.count {
      let chunkID = bytes[offset..<offset + 4]
      let size = Int(readUInt32LE(bytes, at: offset + 4))
      let payloadStart = offset + 8
      if !dataPayloadIncluded, chunkID.elementsEqual("data".utf8) {
        offset = payloadStart
        continue
      }
      let payloadEnd = min(payloadStart + size, bytes.count)
      if chunkID.elementsEqual(wanted) { found.append(bytes[payloadStart..<payloadEnd]) }
      offset = payloadStart + size + (size & 1)
    }
    return found
  }

  /// The first `smpl` chunk in `bytes` that parses, as metadata.
  static func smplMetadata(in bytes: [UInt8], dataPayloadIncluded: Bool) -> SampleMetadata? {
    payloads(of: "smpl", in: bytes, dataPayloadIncluded: dataPayloadIncluded)
      .lazy.compactMap(SmplChunk.parse).first
  }
}
