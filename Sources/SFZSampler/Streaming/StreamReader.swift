import CSamplerCore
import Foundation
import Synchronization

/// An open file a stream reads frames from: interleaved, in the format and channel count the
/// engine holds the sample's resident frames in.
protocol StreamFile: AnyObject {
  /// Decodes `count` frames from `frame` on into `buffer`; returns how many (fewer at the end of
  /// the file, 0 when nothing could be read).
  func read(from frame: Int, count: Int, into buffer: UnsafeMutableRawPointer) -> Int
}

/// Where a stream's frames come from, by the key a streamed sample was added with.
protocol StreamSource: Sendable {
  /// Opens the file `key` names, or nil when it cannot be read (the voice then fades out as an
  /// underrun, and `StreamReader.failures` counts it).
  func open(key: UInt64) -> (any StreamFile)?
}

/// Lets an offline render wait for the reader: the engine calls `wait()` on the render thread
/// when a voice needs frames not yet read; the reader calls `progressed()` after writing.
final class StreamProgress: @unchecked Sendable {
  private let condition = NSCondition()
  private var generation = 0
  /// Render threads waiting now (several with an ``OfflineRenderer``), so the reader does not
  /// sleep between passes while any waits.
  private var waiting = 0

  /// Blocks until the reader has written something (or a short timeout passes, after which the
  /// engine looks again).
  func wait() {
    condition.lock()
    let seen = generation
    waiting += 1
    condition.broadcast()
    while generation == seen {
      if !condition.wait(until: Date(timeIntervalSinceNow: 0.05)) { break }
    }
    waiting -= 1
    condition.unlock()
  }

  /// Called by the reader after a pass that wrote frames.
  func progressed() {
    condition.lock()
    generation &+= 1
    condition.broadcast()
    condition.unlock()
  }

  /// The reader's rest between idle passes: over at once when a render starts waiting.
  func rest(seconds: Double) {
    condition.lock()
    if waiting == 0 { _ = condition.wait(until: Date(timeIntervalSinceNow: seconds)) }
    condition.unlock()
  }

  /// The C callback the engine is configured with; its context is this object, unretained.
  static let callback: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
    guard let context else { return }
    Unmanaged<StreamProgress>.fromOpaque(context).takeUnretainedValue().wait()
  }
}

/// The background thread that keeps every voice's ring buffer filled ahead of its play position:
/// it polls the engine's streams, opens the files they name, decodes the next chunk of each and
/// writes it. The render thread never waits for it unless the engine renders offline.
final class StreamReader: @unchecked Sendable {
  /// Frames decoded per stream per pass: small enough that one pass over hundreds of voices
  /// stays short, large enough that decoders work in efficient runs.
  static let chunkFrames = 4096
  /// The rest between passes that found nothing to do.
  static let idleSeconds = 0.001
  /// The rest when no voice streams at all: a note starting then still plays its preload (a
  /// third of a second by default) while the reader wakes, and an idle sampler costs next to
  /// nothing.
  static let quietSeconds = 0.005
  /// The nice value the reader asks for: when other processes keep every core busy, a reader at
  /// the default share falls behind the voices it feeds (measured with three busy loops beside
  /// 256 streamed voices: it got 10-18% of a core and hundreds of voices faded). At -10 the
  /// scheduler weighs it about ten times a default thread, while it still sleeps between passes
  /// and so cannot starve anything. Systems grant it to root and to users with a nice limit (the
  /// `audio` group of Linux audio setups); elsewhere the reader keeps the default.
  static let raisedNice: Int32 = -10

  private let engine: OpaquePointer
  private let source: any StreamSource
  private let progress: StreamProgress
  private let stopped = NSCondition()
  private var stopRequested = false
  private var running = true
  private var thread: Thread?
  private let failureCount = Atomic<Int>(0)

  private let cpuNanoseconds = Atomic<Int>(0)
  private let priorityRaised = Atomic<Bool>(false)

  /// Whether the system granted the reader its raised priority (`raisedNice`).
  var hasRaisedPriority: Bool { priorityRaised.load(ordering: .relaxed) }

  /// Raises the calling thread's priority: on Linux a nice value belongs to a thread, and
  /// `setpriority` for process 0 sets the caller's alone.
  private func raisePriority() {
    #if os(Linux)
      priorityRaised.store(
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.raisedNice) == 0,
        ordering: .relaxed)
    #endif
  }

  /// Streams the reader could not serve (file missing or unreadable).
  var failures: Int { failureCount.load(ordering: .relaxed) }

  /// CPU time the reader thread has used, updated after every pass.
  var cpuSeconds: Double { Double(cpuNanoseconds.load(ordering: .relaxed)) / 1e9 }

  private func recordCPUTime() {
    var now = timespec()
    guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0 else { return }
    cpuNanoseconds.store(Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec), ordering: .relaxed)
  }

  init(engine: OpaquePointer, source: any StreamSource, progress: StreamProgress) {
    self.engine = engine
    self.source = source
    self.progress = progress
    let thread = Thread { [unowned self] in self.run() }
    thread.qualityOfService = .userInitiated
    self.thread = thread
    thread.start()
  }

  /// Stops the thread and waits for it, closing its files.
  func stop() {
    stopped.lock()
    stopRequested = true
    while running { stopped.wait() }
    stopped.unlock()
  }

  deinit { stop() }

  private var shouldStop: Bool {
    stopped.lock()
    defer { stopped.unlock() }
    return stopRequested
  }

  /// The reader thread's name in `top -H`, profilers and debuggers (the kernel keeps 15 bytes).
  static let threadName = "SFZ stream read"

  private func run() {
    // set from the thread itself: Foundation on Linux names only the calling thread
    Thread.current.name = Self.threadName
    raisePriority()
    let count = Int(sc_engine_stream_count(engine))
    var files: [(key: UInt64, file: any StreamFile)?] = Array(repeating: nil, count: count)
    let scratch = UnsafeMutableRawPointer.allocate(
      byteCount: Self.chunkFrames * 2 * MemoryLayout<Float>.size, alignment: 16)
    defer {
      scratch.deallocate()
      stopped.lock()
      running = false
      stopped.broadcast()
      stopped.unlock()
    }
    var work = sc_stream_work()
    while !shouldStop {
      var wrote = false
      var streaming = false
      for index in 0..<count {
        sc_engine_stream_work(engine, UInt32(index), &work)
        streaming = streaming || work.key != 0
        guard work.key != 0 else {
          files[index] = nil
          continue
        }
        guard work.room > 0 else { continue }
        if work.frame >= work.frame_count {
          // the silence after the last frame, which the interpolation taps read
          wrote = sc_engine_stream_write(engine, UInt32(index), &work, nil, work.room) || wrote
          continue
        }
        if files[index]?.key != work.key {
          guard let file = source.open(key: work.key) else {
            failureCount.add(1, ordering: .relaxed)
            sc_engine_stream_fail(engine, UInt32(index), &work)
            continue
          }
          files[index] = (work.key, file)
        }
        let wanted = min(Int(min(work.room, work.frame_count - work.frame)), Self.chunkFrames)
        let got = files[index]!.file.read(from: Int(work.frame), count: wanted, into: scratch)
        if got <= 0 {
          failureCount.add(1, ordering: .relaxed)
          sc_engine_stream_fail(engine, UInt32(index), &work)
          continue
        }
        if sc_engine_stream_write(engine, UInt32(index), &work, scratch, UInt64(got)) {
          wrote = true
        }
      }
      recordCPUTime()
      if wrote {
        progress.progressed()
      } else {
        progress.rest(seconds: streaming ? Self.idleSeconds : Self.quietSeconds)
      }
    }
  }
}
