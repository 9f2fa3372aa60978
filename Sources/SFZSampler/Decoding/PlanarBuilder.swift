/// Collects interleaved chunks into at most two planar channel buffers.
///
/// Decoders read a few thousand frames at a time into a reused interleaved buffer; this copies
/// the kept channels out with pointer loops (fast even in debug builds) into buffers that grow
/// geometrically, so a header that overstates the length cannot force a huge allocation.
///
/// Values the engine cannot play (NaN, infinity, beyond `SampleValueCheck.largestMagnitude`)
/// become silence here, the one place every decoder's audio passes through, and are counted.
struct PlanarBuilder: ~Copyable {
  static let maximumChannels = 2
  /// Cap on the capacity reserved from a header's frame count before any audio is read.
  private static let maximumReservedFrames = 1 << 22

  let sourceChannels: Int
  private(set) var frameCount = 0
  /// Values that were NaN, infinite or absurdly large and were replaced with 0.
  private(set) var unplayableCount = 0
  private var buffers: [UnsafeMutablePointer<Float>]
  private var capacity: Int

  init(sourceChannels: Int, expectedFrames: Int) {
    self.sourceChannels = sourceChannels
    let kept = min(sourceChannels, Self.maximumChannels)
    capacity = max(1, min(expectedFrames, Self.maximumReservedFrames))
    let initialCapacity = capacity
    buffers = (0..<kept).map { _ in .allocate(capacity: initialCapacity) }
  }

  deinit {
    for buffer in buffers { buffer.deallocate() }
  }

  /// Appends `frames` frames of interleaved samples (`sourceChannels` per frame).
  mutating func append(interleaved source: UnsafePointer<Float>, frames: Int) {
    guard frames > 0 else { return }
    reserve(frameCount + frames)
    let stride = sourceChannels
    for (channel, buffer) in buffers.enumerated() {
      let output = buffer + frameCount
      if stride == 1 {
        output.update(from: source, count: frames)
      } else {
        var input = source + channel
        for frame in 0..<frames {
          output[frame] = input.pointee
          input += stride
        }
      }
      for frame in 0..<frames where !SampleValueCheck.isPlayable(output[frame]) {
        output[frame] = 0
        unplayableCount += 1
      }
    }
    frameCount += frames
  }

  /// The decoded channels, each `frameCount` long.
  func makeChannels() -> [[Float]] {
    buffers.map { Array(UnsafeBufferPointer(start: $0, count: frameCount)) }
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

  private mutating func reserve(_ needed: Int) {
    guard needed > capacity else { return }
    let grown = max(needed, capacity * 2)
    for index in buffers.indices {
      let larger = UnsafeMutablePointer<Float>.allocate(capacity: grown)
      larger.moveInitialize(from: buffers[index], count: frameCount)
      buffers[index].deallocate()
      buffers[index] = larger
    }
    capacity = grown
  }
}
