/// Collects interleaved chunks into at most two planar channel arrays of `Sample` (`Float` or
/// `Int16`).
///
/// Decoders read a few thousand frames at a time into a reused interleaved buffer; this copies
/// the kept channels out with pointer loops (fast even in debug builds) and appends them to arrays
/// that grow geometrically, so a header that overstates the length cannot force a huge
/// allocation. The arrays are handed over as they are: no whole-sample copy at the end.
///
/// Values the engine cannot play (NaN, infinity, beyond `SampleValueCheck.largestMagnitude`)
/// become silence here, the one place every decoder's float audio passes through, and are counted.
struct PlanarBuilder<Sample: PlanarSample>: ~Copyable {
  /// Channels kept of a file's channels: the first two.
  static var maximumChannels: Int { SampleDecoder.maximumChannels }
  /// Cap on the capacity reserved from a header's frame count before any audio is read.
  private static var maximumReservedFrames: Int { 1 << 22 }

  /// Channels per interleaved source frame.
  let sourceChannels: Int
  /// Frames appended so far.
  private(set) var frameCount = 0
  /// Values that were NaN, infinite or absurdly large and were replaced with 0.
  private(set) var unplayableCount = 0
  private var channels: [[Sample]]
  /// One channel of the chunk being appended.
  private var scratch: UnsafeMutablePointer<Sample>
  private var scratchCapacity: Int

  /// Starts empty, reserving room for `expectedFrames` (capped) per kept channel.
  init(sourceChannels: Int, expectedFrames: Int) {
    self.sourceChannels = sourceChannels
    let kept = min(sourceChannels, Self.maximumChannels)
    let reserved = max(1, min(expectedFrames, Self.maximumReservedFrames))
    channels = (0..<kept).map { _ in
      var channel: [Sample] = []
      channel.reserveCapacity(reserved)
      return channel
    }
    scratchCapacity = 4_096
    scratch = .allocate(capacity: scratchCapacity)
  }

  deinit { scratch.deallocate() }

  /// Appends `frames` frames of interleaved samples (`sourceChannels` per frame).
  mutating func append(interleaved source: UnsafePointer<Sample>, frames: Int) {
    guard frames > 0 else { return }
    if frames > scratchCapacity {
      scratch.deallocate()
      scratchCapacity = frames
      scratch = .allocate(capacity: frames)
    }
    for channel in channels.indices {
      Sample.copyChannel(
        channel, of: source, sourceStride: sourceChannels, frames: frames, to: scratch,
        targetStride: 1)
      unplayableCount += Sample.silenceUnplayable(scratch, count: frames)
      channels[channel].append(contentsOf: UnsafeBufferPointer(start: scratch, count: frames))
    }
    frameCount += frames
  }

  /// The decoded channels, each `frameCount` long; the builder is used up.
  consuming func makeStorage() -> SampleStorage {
    Sample.storage(channels)
  }

  /// What the builder changed: channels beyond the first two dropped, unplayable values silenced.
  var notes: [String] {
    var notes: [String] = []
    if sourceChannels > Self.maximumChannels {
      notes.append("file has \(sourceChannels) channels; kept the first \(Self.maximumChannels)")
    }
    if unplayableCount > 0 {
      notes.append(
        "\(unplayableCount) sample value(s) were NaN, infinite or beyond "
          + "±\(Int(SampleValueCheck.largestMagnitude)); replaced with silence")
    }
    return notes
  }
}
