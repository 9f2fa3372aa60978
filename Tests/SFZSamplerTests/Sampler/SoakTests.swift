import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// An hour of dense playing through a real instrument: resident memory stays flat, no sample is
/// ever NaN or infinite, and a note played at the end is exactly the note a fresh sampler plays.
/// Not part of `make test`: `make soak` sets SFZSAMPLER_SOAK_MINUTES (60) and runs it alone.
@Suite("Soak")
struct SoakTests {
  static let minutes = Double(ProcessInfo.processInfo.environment["SFZSAMPLER_SOAK_MINUTES"] ?? "")
  /// A real instrument from the shared corpus: 88 keys of multisampled Wurlitzer with release
  /// samples and note polyphony, so voices start, steal and release all the time.
  static let instrument = TestData.corpusInstruments.appendingPathComponent(
    "GregSullivan.E-Pianos/Wurlitzer EP200/Wurlitzer EP200.sfz")
  static let rate = 48_000.0
  static let block = 256

  @Test(
    "an hour of dense MIDI: flat resident memory, finite output, exact pitch at the end",
    .enabled(if: minutes != nil, "set SFZSAMPLER_SOAK_MINUTES (make soak)"),
    .enabled(if: TestData.exists(instrument), "../shared absent"))
  func hourOfPlaying() throws {
    let minutes = try #require(Self.minutes)
    let sampler = Sampler(sampleRate: Self.rate, maximumPolyphony: 128)
    try sampler.loadInstrument(url: Self.instrument)
    var player = DensePlayer(seed: 11, sampleRate: Self.rate)
    let buffers = RenderBuffers()
    let totalBlocks = Int(minutes * 60 * Self.rate) / Self.block
    let blocksPerMinute = Int(60 * Self.rate) / Self.block
    var residentByMinute: [Double] = []
    var nonFinite = 0
    var peak: Float = 0
    let started = Date()
    for index in 0..<totalBlocks {
      let events = player.events(forBlockOf: Self.block)
      events.withUnsafeBufferPointer {
        sampler.render(
          frameCount: Self.block, events: $0, left: buffers.left, right: buffers.right)
      }
      for i in 0..<Self.block {
        let l = buffers.left[i]
        let r = buffers.right[i]
        if !l.isFinite || !r.isFinite { nonFinite += 1 }
        peak = max(peak, abs(l), abs(r))
      }
      if index % blocksPerMinute == 0 {
        residentByMinute.append(Double(try #require(LoadMemoryTests.residentBytes())))
      }
    }
    // The first minute builds the engine's working set; the trend after it is what leaks.
    let slope = Self.slopePerHour(Array(residentByMinute.dropFirst()))
    let endNote = Self.endNote(sampler, buffers)
    let fresh = Sampler(sampleRate: Self.rate, maximumPolyphony: 128)
    try fresh.loadInstrument(url: Self.instrument)
    let reference = Self.endNote(fresh, buffers)
    let difference = zip(endNote, reference).map { abs($0 - $1) }.max() ?? 0
    let cents = Measure.cents(
      Measure.frequency(endNote, sampleRate: Self.rate, in: 4_800..<48_000),
      from: Measure.frequency(reference, sampleRate: Self.rate, in: 4_800..<48_000))
    print(
      String(
        format: "soak: %.0f min in %.0f s, %d notes, peak %.1f dBFS, %d voices at most, "
          + "resident %.1f -> %.1f MB, slope %.2f MB/hour, %d non-finite samples, "
          + "end note %+.4f cents from a fresh sampler's, largest difference %.2g",
        minutes, Date().timeIntervalSince(started), player.notes, Measure.dB(Double(peak)),
        sampler.peakVoices, (residentByMinute.first ?? 0) / 1e6, (residentByMinute.last ?? 0) / 1e6,
        slope / 1e6, nonFinite, cents, difference))
    #expect(nonFinite == 0)
    #expect(peak > 0.01, "the song sounded")
    #expect(abs(slope) < 2e6, "resident memory moved \(slope / 1e6) MB per hour")
    #expect(abs(cents) < 0.01)
    #expect(difference < 1e-6, "the end note is the note a fresh sampler plays")
  }

  /// Lets every controller go back to its power-on value and everything ring out, then renders
  /// one second of A4 at velocity 100.
  static func endNote(_ sampler: Sampler, _ buffers: RenderBuffers) -> [Float] {
    let reset: [SamplerEvent] = [
      .controlChange(controller: 64, value: 0), .controlChange(controller: 1, value: 0),
      .controlChange(controller: 7, value: 100), .controlChange(controller: 11, value: 127),
      .pitchBend(value: 0), .controlChange(controller: 123, value: 0),
    ]
    var waited = 0
    reset.withUnsafeBufferPointer {
      sampler.render(frameCount: block, events: $0, left: buffers.left, right: buffers.right)
    }
    while sampler.activeVoices > 0 && waited < Int(30 * rate) {
      sampler.render(frameCount: block, left: buffers.left, right: buffers.right)
      waited += block
    }
    var note: [Float] = []
    let on: [SamplerEvent] = [.noteOn(key: 69, velocity: 100)]
    on.withUnsafeBufferPointer {
      sampler.render(frameCount: block, events: $0, left: buffers.left, right: buffers.right)
    }
    note += UnsafeBufferPointer(start: buffers.left, count: block)
    while note.count < Int(rate) {
      sampler.render(frameCount: block, left: buffers.left, right: buffers.right)
      note += UnsafeBufferPointer(start: buffers.left, count: block)
    }
    return note
  }

  /// Least-squares slope of samples taken once a minute, per hour.
  static func slopePerHour(_ values: [Double]) -> Double {
    guard values.count > 2 else { return 0 }
    let n = Double(values.count)
    let meanX = (n - 1) / 2
    let meanY = values.reduce(0, +) / n
    var numerator = 0.0
    var denominator = 0.0
    for (x, y) in values.enumerated() {
      numerator += (Double(x) - meanX) * (y - meanY)
      denominator += (Double(x) - meanX) * (Double(x) - meanX)
    }
    return numerator / denominator * 60
  }
}

/// A dense, endless performance from a fixed seed: a note about every 40 ms with its own length,
/// the sustain pedal, mod wheel and expression sweeps and pitch bends.
struct DensePlayer {
  private var random: SplitMix
  private let sampleRate: Double
  private var frame = 0
  private var nextNote = 0
  private var nextController = 0
  private var pendingOffs: [(frame: Int, key: UInt8)] = []
  private(set) var notes = 0

  init(seed: UInt64, sampleRate: Double) {
    random = SplitMix(seed: seed)
    self.sampleRate = sampleRate
  }

  /// The events of the next `frames` frames, each at its offset in the block.
  mutating func events(forBlockOf frames: Int) -> [SamplerEvent] {
    var events: [SamplerEvent] = []
    let end = frame + frames
    while nextNote < end {
      let key = UInt8(28 + random.next(below: 66))
      events.append(
        .noteOn(
          key: key, velocity: UInt8(20 + random.next(below: 108)), frame: offset(nextNote)))
      pendingOffs.append(
        (nextNote + Int(sampleRate * (0.05 + Double(random.next(below: 150)) / 100)), key))
      notes += 1
      nextNote += Int(sampleRate * Double(10 + random.next(below: 60)) / 1_000)
    }
    while nextController < end {
      let at = offset(nextController)
      switch random.next(below: 4) {
      case 0:
        events.append(
          .controlChange(controller: 64, value: UInt8(random.next(below: 2) * 127), frame: at))
      case 1:
        events.append(
          .controlChange(controller: 1, value: UInt8(random.next(below: 128)), frame: at))
      case 2:
        events.append(
          .controlChange(controller: 11, value: UInt8(64 + random.next(below: 64)), frame: at))
      default: events.append(.pitchBend(value: random.next(below: 4_096) - 2_048, frame: at))
      }
      nextController += Int(sampleRate * Double(50 + random.next(below: 400)) / 1_000)
    }
    let start = frame
    pendingOffs.removeAll { off in
      guard off.frame < end else { return false }
      events.append(.noteOff(key: off.key, frame: max(0, off.frame - start)))
      return true
    }
    frame = end
    events.sort { $0.frame < $1.frame }
    return events
  }

  private func offset(_ absolute: Int) -> Int { max(0, absolute - frame) }
}
