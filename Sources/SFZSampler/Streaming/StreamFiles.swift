import Synchronization

/// The files a sampler's streamed samples are read from, by the key each was added to the
/// engine with, and the reader's `StreamSource`.
///
/// Keys are never reused. The files of the instrument playing and of the one before it stay
/// known, so voices of a replaced instrument read on while they fade out; older ones are
/// forgotten, and a stream still asking for them fails (its voice fades as an underrun).
final class StreamFiles: StreamSource {
  /// What a key names: the file, and the layout the engine holds its resident frames in, which
  /// the file must still decode to.
  struct Entry: Sendable {
    var path: String
    var format: SampleFormat
    var channels: Int
  }

  private struct State {
    var nextKey: UInt64 = 1
    var current: [UInt64: Entry] = [:]
    var previous: [UInt64: Entry] = [:]
  }

  private let state = Mutex(State())

  /// A new key for `entry`, known until two instruments later.
  func register(_ entry: Entry) -> UInt64 {
    state.withLock { state in
      let key = state.nextKey
      state.nextKey += 1
      state.current[key] = entry
      return key
    }
  }

  /// Starts a new instrument's set of files: the last but one set is forgotten.
  func beginInstrument() {
    state.withLock { state in
      state.previous = state.current
      state.current = [:]
    }
  }

  func open(key: UInt64) -> (any StreamFile)? {
    let entry = state.withLock { $0.current[key] ?? $0.previous[key] }
    guard let entry,
      let decoder = try? SampleStreamDecoder(path: entry.path),
      decoder.format == entry.format, decoder.channelCount == entry.channels
    else { return nil }
    return DecodedStreamFile(decoder: decoder)
  }
}

/// A sample file read through its decoder; a read that fails gives no frames.
private final class DecodedStreamFile: StreamFile {
  let decoder: SampleStreamDecoder

  init(decoder: SampleStreamDecoder) { self.decoder = decoder }

  func read(from frame: Int, count: Int, into buffer: UnsafeMutableRawPointer) -> Int {
    (try? decoder.read(from: frame, count: count, into: buffer)) ?? 0
  }
}
