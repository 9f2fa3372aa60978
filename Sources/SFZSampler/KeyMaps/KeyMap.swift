import Foundation

/// One region of a descriptor-built key map: a sample over a block of keys and velocities.
struct KeyMapEntry: Equatable, Sendable {
  var sample: Int
  var keys: ClosedRange<Int>
  var velocities: ClosedRange<Int>
}

/// Key maps built from sample descriptors, as AKSampler builds them.
enum KeyMap {
  /// Each sample over its own note and velocity ranges (a range bound of -1 means the root key,
  /// or every velocity). Where ranges overlap, the sample loaded first plays, as in AKSampler,
  /// rather than both sounding at once.
  static func explicit(_ descriptors: [SampleDescriptor]) -> [KeyMapEntry] {
    var owner = [[Int]](repeating: [Int](repeating: -1, count: 128), count: 128)
    for (index, d) in descriptors.enumerated() {
      let keys = keyRange(d)
      let velocities = velocityRange(d)
      for key in keys {
        for velocity in velocities where owner[key][velocity] < 0 {
          owner[key][velocity] = index
        }
      }
    }
    return merged(owner: owner)
  }

  /// Every key played by the sample whose root frequency is nearest to the key's frequency
  /// (ties go to the sample loaded first), at every velocity.
  static func nearest(_ descriptors: [SampleDescriptor], keyFrequencies: [Double]) -> [KeyMapEntry]
  {
    guard !descriptors.isEmpty else { return [] }
    var owner = [[Int]](repeating: [Int](repeating: -1, count: 128), count: 128)
    for key in 0..<128 {
      var best = 0
      var bestDistance = Double.infinity
      for (index, d) in descriptors.enumerated() {
        let distance = abs(log2(keyFrequencies[key] / Double(d.noteFrequency)))
        if distance < bestDistance {
          best = index
          bestDistance = distance
        }
      }
      for velocity in 1...127 { owner[key][velocity] = best }
    }
    return merged(owner: owner)
  }

  static func keyRange(_ d: SampleDescriptor) -> ClosedRange<Int> {
    let low = d.minimumNoteNumber < 0 ? d.noteNumber : d.minimumNoteNumber
    let high = d.maximumNoteNumber < 0 ? d.noteNumber : d.maximumNoteNumber
    let clampedLow = min(max(low, 0), 127)
    return clampedLow...max(clampedLow, min(high, 127))
  }

  static func velocityRange(_ d: SampleDescriptor) -> ClosedRange<Int> {
    let low = d.minimumVelocity < 0 ? 1 : max(d.minimumVelocity, 1)
    let high = d.maximumVelocity < 0 ? 127 : min(d.maximumVelocity, 127)
    let clampedLow = min(low, 127)
    return clampedLow...max(clampedLow, high)
  }

  /// Turns a key-by-velocity ownership table into as few rectangular entries as it takes:
  /// velocity runs per key, then neighbouring keys with the same run joined.
  private static func merged(owner: [[Int]]) -> [KeyMapEntry] {
    var entries: [KeyMapEntry] = []
    var open: [Int: Int] = [:]  // hash of (sample, velocity run) -> index in entries
    for key in 0..<128 {
      var next: [Int: Int] = [:]
      var velocity = 1
      while velocity <= 127 {
        let sample = owner[key][velocity]
        var end = velocity
        while end < 127 && owner[key][end + 1] == sample { end += 1 }
        if sample >= 0 {
          let id = sample * 16_384 + velocity * 128 + end
          if let index = open[id] {
            entries[index].keys = entries[index].keys.lowerBound...key
            next[id] = index
          } else {
            entries.append(KeyMapEntry(sample: sample, keys: key...key, velocities: velocity...end))
            next[id] = entries.count - 1
          }
        }
        velocity = end + 1
      }
      open = next
    }
    return entries
  }
}
