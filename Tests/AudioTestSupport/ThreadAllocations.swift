import CAllocationCounter

/// Allocations counted on one thread only: other tests and threads run in parallel and allocate
/// freely, but the render path runs on the measuring thread.
public enum ThreadAllocations {
  /// Whether this process can count allocations (glibc, no sanitizer runtime owning malloc).
  public static var isAvailable: Bool { allocation_counter_available() }

  /// Runs `body` and returns how many heap allocations it made on the calling thread.
  public static func measure(_ body: () -> Void) -> Int {
    allocation_counter_begin()
    body()
    return Int(allocation_counter_end())
  }
}
