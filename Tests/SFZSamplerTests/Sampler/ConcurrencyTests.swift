import Foundation
import SFZSampler
import Testing

@Suite("Loading while rendering")
struct ConcurrencyTests {
  /// One thread renders as an audio callback would while this one loads, rebuilds and unloads
  /// instruments and plays notes. Run under ThreadSanitizer with `make test-sanitizers`.
  @Test("load and unload while another thread renders: no crash, no race, audio keeps flowing")
  func loadWhileRendering() throws {
    let sampler = Sampler(sampleRate: 48_000, maximumPolyphony: 32)
    let descriptors = (0..<4).map { Samples.descriptor(root: 48 + 12 * $0, looping: true) }
    let renderer = RenderThread(sampler: sampler)
    renderer.start()
    for round in 0..<40 {
      for d in descriptors { try sampler.loadRawSampleData(from: Samples.sine(d, seconds: 0.1)) }
      if round % 2 == 0 { sampler.buildKeyMap() } else { sampler.buildSimpleKeyMap() }
      for key in 40..<60 { sampler.play(noteNumber: UInt8(key), velocity: 100) }
      // The notes are held until the render thread has rendered two more blocks (one whole
      // block after they were sent), not for a time: a thread that other processes keep off
      // the CPU renders nothing in any number of milliseconds. The limit only ends a hang.
      let target = renderer.blocksSoFar + 2
      let limit = Date().addingTimeInterval(60)
      while renderer.blocksSoFar < target, Date() < limit { usleep(200) }
      for key in 40..<60 { sampler.stop(noteNumber: UInt8(key)) }
      guard renderer.blocksSoFar >= target else { break }
      if round % 3 == 0 { sampler.unloadAllSamples() }
    }
    let blocks = renderer.stop()
    #expect(blocks >= 80, "the render thread rendered through every round (\(blocks) blocks)")
    #expect(renderer.sawNaN == false)
    #expect(sampler.peakVoices > 0, "notes sounded")
  }
}

extension ConcurrencyTests {
  /// Several control threads read and write the settings while one renders. ThreadSanitizer
  /// (`make test-sanitizers`) reports any unsynchronised access; here the values must come back.
  @Test("settings read and written from several threads at once keep the last value written")
  func settingsFromManyThreads() {
    let sampler = Sampler(sampleRate: 48_000, maximumPolyphony: 16)
    let renderer = RenderThread(sampler: sampler)
    renderer.start()
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      for round in 0..<2_000 {
        let value = Float(worker * 10_000 + round)
        sampler.masterVolume = value / 100_000
        sampler.attackDuration = value
        sampler.isLegato = round % 2 == 0
        _ = sampler.masterVolume + sampler.attackDuration + sampler.glideRate
        _ = sampler.droppedEventCount + sampler.activeVoices
        sampler.play(noteNumber: UInt8(round % 128), velocity: 1)
      }
    }
    sampler.masterVolume = 0.25
    sampler.releaseDuration = 0.5
    _ = renderer.stop()
    #expect(sampler.masterVolume == 0.25 && sampler.releaseDuration == 0.5)
    #expect(renderer.sawNaN == false)
  }
}

/// A render loop on its own thread, like a host's audio callback.
final class RenderThread: @unchecked Sendable {
  private let sampler: Sampler
  private let running = Atomic(true)
  private let done = DispatchSemaphore(value: 0)
  private var blocks = 0
  /// `blocks`, published for other threads while the loop runs.
  private let published = Atomic(0)
  private(set) var sawNaN = false

  init(sampler: Sampler) { self.sampler = sampler }

  func start() {
    let thread = Thread { [self] in
      let left = UnsafeMutablePointer<Float>.allocate(capacity: 256)
      let right = UnsafeMutablePointer<Float>.allocate(capacity: 256)
      while running.value {
        sampler.render(frameCount: 256, left: left, right: right)
        for i in 0..<256 where left[i].isNaN || right[i].isNaN { sawNaN = true }
        blocks += 1
        published.value = blocks
      }
      left.deallocate()
      right.deallocate()
      done.signal()
    }
    thread.start()
  }

  /// The blocks rendered so far, from any thread.
  var blocksSoFar: Int { published.value }

  /// Stops the loop and returns how many blocks it rendered.
  func stop() -> Int {
    running.value = false
    done.wait()
    return blocks
  }
}

/// A flag shared between threads without a data race.
final class Atomic<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
