import AudioTestSupport
import CSamplerCore

/// Render calls scripted up front for the malloc-counting tests: every block's events and the
/// output buffers are allocated before anything is measured, as in a debug build even a Swift
/// closure inside the loop would allocate and hide what the C render path does.
final class ScriptedRenders {
  let rounds: Int
  let blockFrames: UInt32
  private let perBlock: Int
  private let events: UnsafeMutablePointer<sc_event>
  private let left: UnsafeMutablePointer<Float>
  private let right: UnsafeMutablePointer<Float>

  /// `rounds` render calls of `blockFrames` frames, call i with the events `block(i)` gives (the
  /// same count for every call, sorted by frame).
  init(rounds: Int, blockFrames: UInt32, block: (Int) -> [sc_event]) {
    self.rounds = rounds
    self.blockFrames = blockFrames
    perBlock = block(0).count
    events = .allocate(capacity: rounds * perBlock)
    left = .allocate(capacity: Int(blockFrames))
    right = .allocate(capacity: Int(blockFrames))
    for i in 0..<rounds { (events + i * perBlock).initialize(from: block(i), count: perBlock) }
  }

  deinit {
    events.deallocate()
    left.deallocate()
    right.deallocate()
  }

  /// The allocations on this thread while `engine` makes the calls of `range` (all by default).
  func allocations(rendering engine: OpaquePointer, _ range: Range<Int>? = nil) -> Int {
    let range = range ?? 0..<rounds
    let (events, left, right, perBlock, frames) = (events, left, right, perBlock, blockFrames)
    return ThreadAllocations.measure {
      var i = range.lowerBound
      while i < range.upperBound {
        sc_engine_render(engine, frames, events + i * perBlock, UInt32(perBlock), left, right)
        i += 1
      }
    }
  }
}
