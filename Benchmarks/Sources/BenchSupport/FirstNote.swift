import Foundation
import SFZ
import SFZSampler

/// Wall-clock time from `loadUsingSfzFile` to the end of the first block in which a note played
/// right after loading is audible (above -80 dBFS).
public enum FirstNote {
  /// A key some region of the instrument answers (read before timing starts).
  public static func playableKey(_ url: URL) -> UInt8 {
    let instrument = try? SFZInstrument.load(url: url)
    let region = instrument?.regions.first { $0.sampleExists && $0.string("trigger") == nil }
    let low = region?.note("lokey") ?? region?.note("key") ?? 60
    let high = region?.note("hikey") ?? region?.note("key") ?? low
    return UInt8(min(max((low + high) / 2, 0), 127))
  }

  /// Loads, plays `key` and renders until it is heard; returns seconds, or nil if it never is.
  public static func seconds(_ url: URL, key: UInt8) -> Double? {
    let start = ThreadCPUClock.wall()
    let sampler = Sampler(sampleRate: 48_000, maximumPolyphony: 64)
    do {
      try sampler.loadUsingSfzFile(url: url)
    } catch {
      return nil
    }
    sampler.play(noteNumber: key, velocity: 100)
    var left = [Float](repeating: 0, count: 256)
    var right = [Float](repeating: 0, count: 256)
    for _ in 0..<400 {
      left.withUnsafeMutableBufferPointer { l in
        right.withUnsafeMutableBufferPointer { r in
          sampler.render(frameCount: 256, left: l.baseAddress!, right: r.baseAddress!)
        }
      }
      if zip(left, right).contains(where: { max(abs($0), abs($1)) > 1e-4 }) {
        return ThreadCPUClock.wall() - start
      }
    }
    return nil
  }
}
