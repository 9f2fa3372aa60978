import Foundation
import MallocInterposerSwift

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Allocations counted on one thread only: other tests and threads run in parallel and allocate
/// freely, but the render path runs on the measuring thread.
public enum ThreadAllocations {
  nonisolated(unsafe) static var thread: pthread_t?
  nonisolated(unsafe) static var count = 0
  /// The interposer's hook is process-wide, so measurements from parallel tests take turns.
  static let turn = NSLock()

  static let hook: MallocInterposerSwift.AllocationHook = { _ in
    guard let watched = ThreadAllocations.thread, pthread_equal(watched, pthread_self()) != 0
    else { return }
    ThreadAllocations.count += 1
  }

  /// Runs `body` and returns how many allocations it made on this thread; measurements on other
  /// threads wait for this one.
  ///
  /// Keep `body` short: while it runs, malloc-interposer 1.6.1 counts every thread's allocations,
  /// and a thread that exits meanwhile goes on counting into its per-thread counter block after
  /// the interposer's key destructor has freed it, which can corrupt the heap of a test running
  /// beside this one ("malloc_consolidate(): invalid chunk size").
  public static func measure(_ body: () -> Void) -> Int {
    turn.lock()
    defer { turn.unlock() }
    count = 0
    thread = pthread_self()
    MallocInterposerSwift.initialize()
    MallocInterposerSwift.setAllocationHook(hook)
    MallocInterposerSwift.hook()
    body()
    MallocInterposerSwift.unhook()
    MallocInterposerSwift.setAllocationHook(nil)
    thread = nil
    return count
  }
}
