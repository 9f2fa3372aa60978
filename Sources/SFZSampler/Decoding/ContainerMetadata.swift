/// Reads loop and tuning metadata straight from WAV and FLAC files, where libsndfile's
/// `SFC_GET_INSTRUMENT` is either missing (FLAC) or rounds the pitch fraction to whole cents (WAV).
enum ContainerMetadata {
  /// Largest metadata chunk read into memory; bigger ones are skipped as not plausible.
  private static let maximumChunkSize = 1 << 20

  /// The first parsable `smpl` chunk of a RIFF/WAVE file, and notes on a `data` chunk that
  /// announces more bytes than the file holds (libsndfile plays what is there without a word).
  static func wav(path: String) -> (metadata: SampleMetadata?, notes: [String]) {
    guard let reader = BinaryFileReader(path: path), reader.read(12) != nil else {
      return (nil, [])
    }
    var metadata: SampleMetadata?
    var notes: [String] = []
    while let header = reader.read(8) {
      let size = Int(readUInt32LE(header, at: 4))
      let padded = size + (size & 1)
      if header.starts(with: Array("data".utf8)), let left = reader.bytesLeft, size > left {
        notes.append(dataSizeNote(announced: size, present: left))
      }
      if metadata == nil, header.starts(with: Array("smpl".utf8)), size <= maximumChunkSize {
        guard let payload = reader.read(size) else { break }
        metadata = SmplChunk.parse(payload[...])
        guard reader.skip(padded - size) else { break }
      } else {
        guard reader.skip(padded) else { break }
      }
    }
    return (metadata, notes)
  }

  private static func dataSizeNote(announced: Int, present: Int) -> String {
    if announced == 0xFFFF_FFFF {
      return "data chunk size is 0xFFFFFFFF (a writer that never filled it in); "
        + "played the \(present) bytes the file holds"
    }
    return "data chunk announces \(announced) bytes but the file holds \(present) (truncated?); "
      + "played what is there"
  }

  /// The first `smpl` chunk kept by `flac --keep-foreign-metadata`: FLAC APPLICATION blocks
  /// (type 2) with id "riff" hold the original RIFF chunks, usually one chunk per block.
  static func flacForeignSmpl(path: String) -> SampleMetadata? {
    guard let reader = BinaryFileReader(path: path), skipToFLACMarker(reader) else {
      return nil
    }
    while let header = reader.read(4) {
      let isLast = header[0] & 0x80 != 0
      let type = header[0] & 0x7F
      let length = Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
      if type == 2, length >= 4, length <= maximumChunkSize {
        guard let block = reader.read(length) else { return nil }
        if block.starts(with: Array("riff".utf8)),
          let metadata = RIFFChunks.smplMetadata(
            in: Array(block.dropFirst(4)), dataPayloadIncluded: false)
        {
          return metadata
        }
      } else if !reader.skip(length) {
        return nil
      }
      if isLast { return nil }
    }
    return nil
  }

  /// Positions the reader after "fLaC", past an ID3v2 tag some taggers put in front.
  private static func skipToFLACMarker(_ reader: borrowing BinaryFileReader) -> Bool {
    guard let magic = reader.read(4) else { return false }
    if magic.elementsEqual("fLaC".utf8) { return true }
    guard magic.starts(with: Array("ID3".utf8)), let rest = reader.read(6) else { return false }
    let tagSize = rest[2...5].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
    let footer = rest[1] & 0x10 != 0 ? 10 : 0
    guard reader.skip(tagSize + footer), let marker = reader.read(4) else { return false }
    return marker.elementsEqual("fLaC".utf8)
  }
}
