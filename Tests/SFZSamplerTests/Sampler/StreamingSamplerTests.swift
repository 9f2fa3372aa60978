import AudioTestSupport
import CSamplerCore
import CSndfile
import Foundation
import Testing

@testable import SFZSampler

/// Streaming through the public API (issue 14) with real sample files: 16-bit WAV, 24-bit FLAC
/// and a mono 16-bit FLAC, long enough that most of each is read from disk while it plays.
@Suite("Streaming sampler")
struct StreamingSamplerTests {
  static let frames = 150_000

  /// Writes the samples and an instrument playing them (one with an offset past the preload, one
  /// with a sustain loop past it, which must stay in memory, and plays on from disk after the
  /// release); returns the .sfz file.
  static func instrument(in fixtures: borrowing DecodingFixtures) throws -> URL {
    let stereo16 = DecodingFixtures.pcm(bits: 16, frames: frames, channels: 2)
    let stereo24 = DecodingFixtures.pcm(bits: 24, frames: frames, channels: 2)
    let mono16 = DecodingFixtures.pcm(bits: 16, frames: frames, channels: 1)
    let wav = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
    let flac24 = Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_24)
    let flac16 = Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
    _ = try fixtures.writePCM("a.wav", values: stereo16, bits: 16, channels: 2, format: wav)
    _ = try fixtures.writePCM("b.flac", values: stereo24, bits: 24, channels: 2, format: flac24)
    _ = try fixtures.writePCM("c.flac", values: mono16, bits: 16, channels: 1, format: flac16)
    _ = try fixtures.writePCM("d.wav", values: mono16, bits: 16, channels: 1, format: wav)
    let sfz = """
      <region> sample=a.wav lokey=0 hikey=59 pitch_keycenter=60
      <region> sample=b.flac lokey=60 hikey=79 pitch_keycenter=72 ampeg_release=0.2
      <region> sample=c.flac lokey=80 hikey=99 pitch_keycenter=90 offset=60000
      <region> sample=d.wav lokey=100 hikey=127 pitch_keycenter=110 loop_mode=loop_sustain loop_start=100000 loop_end=120000 ampeg_release=1
      """
    let url = URL(fileURLWithPath: fixtures.path("streaming.sfz"))
    try sfz.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  /// Chords across all four samples, transposed and overlapping.
  static let song: [SamplerEvent] = [
    .noteOn(key: 48, velocity: 100, frame: 0), .noteOn(key: 67, velocity: 90, frame: 300),
    .noteOn(key: 84, velocity: 110, frame: 20_000), .noteOn(key: 110, velocity: 80, frame: 30_000),
    .noteOn(key: 62, velocity: 70, frame: 50_000), .noteOff(key: 67, frame: 90_000),
    .noteOn(key: 76, velocity: 127, frame: 100_000), .noteOff(key: 110, frame: 200_000),
  ]

  static func render(
    _ sampler: Sampler, frames: Int, block: Int, song: [SamplerEvent] = song
  ) -> [Float] {
    var out: [Float] = []
    out.reserveCapacity(2 * frames)
    let left = UnsafeMutablePointer<Float>.allocate(capacity: block)
    let right = UnsafeMutablePointer<Float>.allocate(capacity: block)
    defer {
      left.deallocate()
      right.deallocate()
    }
    var done = 0
    while done < frames {
      let n = min(block, frames - done)
      let events = song.filter { $0.frame >= done && $0.frame < done + n }.map {
        var e = $0
        e.frame -= done
        return e
      }
      events.withUnsafeBufferPointer {
        sampler.render(frameCount: n, events: $0, left: left, right: right)
      }
      for i in 0..<n { out += [left[i], right[i]] }
      done += n
    }
    return out
  }

  @Test("offline, streamed and in-memory renders of the same song are bit-identical")
  func streamedEqualsInMemory() throws {
    let fixtures = try DecodingFixtures()
    let url = try Self.instrument(in: fixtures)
    // the in-memory render keeps the voices it could end as inaudible, which a streamed one
    // cannot tell (Sampler.init)
    let whole = Sampler(streaming: StreamingSettings(mode: .never), keepsInaudibleVoices: true)
    let streamed = Sampler(
      streaming: StreamingSettings(mode: .always, preloadFrames: 4_096),
      keepsInaudibleVoices: true)
    streamed.isRenderingOffline = true
    let wholeReport = try whole.loadInstrument(url: url)
    let streamedReport = try streamed.loadInstrument(url: url)
    // every sample streams; d.wav keeps its first frames through its loop
    #expect(streamedReport.streamedSampleCount == 4)
    #expect(wholeReport.streamedSampleCount == 0)
    #expect(streamedReport.sampleBytes < wholeReport.sampleBytes / 3)
    let expected = Self.render(whole, frames: 240_000, block: 256)
    // the same blocks: envelopes step at block boundaries, so other blocks give other bits
    let got = Self.render(streamed, frames: 240_000, block: 256)
    #expect(Measure.peak(expected[...]) > 0.5)
    let differing = zip(expected, got).filter { $0.bitPattern != $1.bitPattern }.count
    #expect(differing == 0, "\(differing) of \(got.count) samples differ")
    let statistics = streamed.streamingStatistics
    #expect(statistics.streamedSamples == 4)
    #expect(statistics.underruns == 0 && statistics.readFailures == 0)
    #expect(statistics.readerCPUSeconds > 0)
    // the reader asks for nice -10 (granted to root and to users with a nice limit); what it
    // reports must be what the kernel shows for its thread
    // (by nice value, not by name: a thread's name is set from inside it and other suites'
    // readers run meanwhile; only stream readers ask for StreamReader.raisedNice)
    let raised = Self.threadNices().filter { $0 == Int(StreamReader.raisedNice) }.count
    #expect((raised > 0) == statistics.readerPriorityRaised, "\(raised) threads at nice -10")
  }

  /// A loop that turns (loop_type, corpus/spec opcodes/loop_type.md) and a controller moves past
  /// the file's loop end (loop_length_onccN) plays from memory as a forward one does: the plan
  /// keeps the frames up to the furthest end the controller can reach, and the render is the
  /// in-memory one to the bit, the sustain loop's release playing on from disk included.
  @Test(
    "a turning loop moved by a controller streams as it plays in memory",
    arguments: ["backward", "alternate"])
  func movedTurningLoopStreams(type: String) throws {
    let fixtures = try DecodingFixtures()
    let values = DecodingFixtures.pcm(bits: 16, frames: Self.frames, channels: 1)
    let wav = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
    _ = try fixtures.writePCM("e.wav", values: values, bits: 16, channels: 1, format: wav)
    let url = URL(fileURLWithPath: fixtures.path("turning.sfz"))
    try """
    <region> sample=e.wav pitch_keycenter=60 loop_mode=loop_sustain loop_start=60000
    loop_end=80000 loop_type=\(type) loop_length_oncc1=40000 ampeg_release=1
    """.write(to: url, atomically: true, encoding: .utf8)
    let song: [SamplerEvent] = [
      .controlChange(controller: 1, value: 127, frame: 0),
      .noteOn(key: 64, velocity: 100, frame: 10), .noteOff(key: 64, frame: 150_000),
    ]
    // the in-memory render keeps the voices it could end as inaudible, which a streamed one
    // cannot tell (Sampler.init)
    let whole = Sampler(streaming: StreamingSettings(mode: .never), keepsInaudibleVoices: true)
    let streamed = Sampler(
      streaming: StreamingSettings(mode: .always, preloadFrames: 4_096),
      keepsInaudibleVoices: true)
    streamed.isRenderingOffline = true
    _ = try whole.loadInstrument(url: url)
    #expect(try streamed.loadInstrument(url: url).streamedSampleCount == 1)
    let expected = Self.render(whole, frames: 200_000, block: 256, song: song)
    let got = Self.render(streamed, frames: 200_000, block: 256, song: song)
    #expect(Measure.peak(expected[250_000..<300_000]) > 0.1, "the loop sounds while held")
    let differing = zip(expected, got).filter { $0.bitPattern != $1.bitPattern }.count
    #expect(differing == 0, "\(differing) of \(got.count) samples differ")
    #expect(streamed.streamingStatistics.underruns == 0)
  }

  /// The nice value of each of this process's threads, from field 19 of
  /// /proc/self/task/TID/stat.
  static func threadNices() -> [Int] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.compactMap { task -> Int? in
      // read to the end: procfs files report a size of 0
      guard let handle = FileHandle(forReadingAtPath: "/proc/self/task/\(task)/stat") else {
        return nil
      }
      defer { try? handle.close() }
      let stat = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
      guard let close = stat.lastIndex(of: ")") else { return nil }
      // after "pid (comm)" come fields 3 on; the nice value is field 19
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 16 ? Int(fields[16]) : nil
    }
  }

  @Test("by default only an instrument larger than the memory budget streams")
  func automaticStreamsOnlyBeyondTheBudget() throws {
    let fixtures = try DecodingFixtures()
    let url = try Self.instrument(in: fixtures)
    // the four sample files take about 1.5 MB on disk (2.2 MB decoded)
    let roomy = Sampler(streaming: StreamingSettings(preloadFrames: 4_096, memoryBudget: 8 << 20))
    let tight = Sampler(streaming: StreamingSettings(preloadFrames: 4_096, memoryBudget: 1 << 20))
    #expect(try roomy.loadInstrument(url: url).streamedSampleCount == 0)
    #expect(try tight.loadInstrument(url: url).streamedSampleCount == 4)
  }

  @Test("a budget too small even for the preloads is refused with the figures")
  func budgetTooSmallIsRefused() throws {
    let fixtures = try DecodingFixtures()
    let url = try Self.instrument(in: fixtures)
    let sampler = Sampler(
      streaming: StreamingSettings(mode: .always, preloadFrames: 65_536, memoryBudget: 100_000))
    #expect {
      try sampler.loadInstrument(url: url)
    } throws: { error in
      guard
        case .memoryBudgetExceeded(let path, _, let budget, let preload) = error as? SamplerError
      else { return false }
      return path == url.path && budget == 100_000 && preload == 65_536
    }
  }

  @Test("unloading lets go of every stream, and the reader closes the old files")
  func unloadReleasesStreams() throws {
    let fixtures = try DecodingFixtures()
    let url = try Self.instrument(in: fixtures)
    let sampler = Sampler(streaming: StreamingSettings(mode: .always, preloadFrames: 4_096))
    sampler.isRenderingOffline = true
    try sampler.loadInstrument(url: url)
    _ = Self.render(sampler, frames: 60_000, block: 256)
    func busyStreams() -> Int {
      var work = sc_stream_work()
      let count = sc_engine_stream_count(sampler.engine.pointer)
      return (0..<count).filter {
        sc_engine_stream_work(sampler.engine.pointer, $0, &work)
        return work.key != 0
      }.count
    }
    #expect(busyStreams() > 0, "notes were streaming")
    sampler.unloadAllSamples()
    _ = Self.render(sampler, frames: 4_096, block: 256)
    #expect(busyStreams() == 0)
    #expect(sampler.activeVoices == 0)
    #expect(sampler.streamingStatistics.streamedSamples == 0)
  }
}
