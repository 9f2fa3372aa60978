import CSndfile
import Foundation
import SFZSampler
import Testing

/// Resident memory is a property of the whole process, and the other suites load instruments in
/// parallel, so these tests run in a test process of their own (see `ResidentMemoryProcess`).
@Suite("Loading memory", .serialized, .enabled(if: ResidentMemoryProcess.isChild))
struct LoadMemoryTests {
  /// Resident memory of this process in bytes (Linux), or nil elsewhere.
  static func residentBytes() -> Int? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// Sanitizers hold freed memory back on purpose, so resident size says nothing under them.
  static let underSanitizer = ProcessInfo.processInfo.environment["SFZSAMPLER_SANITIZER"] != nil

  @Test(
    "loading an instrument again and again keeps one copy of its audio, not one per load",
    .enabled(if: residentBytes() != nil && !underSanitizer))
  func repeatedLoadsDoNotAccumulate() throws {
    let fixtures = try DecodingFixtures()
    // 64 MB of float audio in one sample.
    let frames = 16_000_000
    let path = try fixtures.writeFloat(
      "big.wav", values: [Float](repeating: 0.25, count: frames), channels: 1,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT), sampleRate: 48_000)
    let sfz = URL(fileURLWithPath: fixtures.path("big.sfz"))
    try "<region> sample=big.wav".write(to: sfz, atomically: true, encoding: .utf8)
    let sampler = Sampler()
    try sampler.loadInstrument(url: sfz)
    let left = UnsafeMutablePointer<Float>.allocate(capacity: 256)
    let right = UnsafeMutablePointer<Float>.allocate(capacity: 256)
    defer {
      left.deallocate()
      right.deallocate()
    }
    sampler.render(frameCount: 256, left: left, right: right)
    // A leak shows as the same growth on every load: the median step stays near zero without
    // one and near the sample's 64 MB with one.
    var last = try #require(Self.residentBytes())
    var steps: [Int] = []
    for _ in 0..<7 {
      try sampler.loadInstrument(url: sfz)
      // The render thread lets the old instrument go after its voices fade; the next control
      // call (here the next load) frees it.
      sampler.render(frameCount: 256, left: left, right: right)
      let now = try #require(Self.residentBytes())
      steps.append(now - last)
      last = now
    }
    let median = steps.sorted()[steps.count / 2]
    #expect(
      median < 32_000_000, "resident memory grew by \(steps.map { $0 / 1_000_000 }) MB per load")
    _ = path
  }

  /// 64 MB of float audio, more than the noise of the tests running beside these: one sample,
  /// or a hundred of 640 KB as a multisampled instrument has (which glibc's allocator keeps in
  /// its heaps rather than in mappings of their own once large blocks have come and gone).
  enum Layout: CaseIterable {
    case oneSample, hundredSamples
    var samples: Int { self == .oneSample ? 1 : 100 }
  }

  @Test(
    "after unloadAllSamples the process's resident memory returns to within 5% of its level before the load",
    .enabled(if: residentBytes() != nil && !underSanitizer), arguments: Layout.allCases)
  func unloadGivesTheMemoryBack(layout: Layout) throws {
    let fixtures = try DecodingFixtures()
    let frames = 16_000_000 / layout.samples
    var sfzText = ""
    for index in 0..<layout.samples {
      _ = try fixtures.writeFloat(
        "s\(index).wav", values: [Float](repeating: 0.25, count: frames), channels: 1,
        format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT), sampleRate: 48_000)
      sfzText += "<region> sample=s\(index).wav key=\(index)\n"
    }
    let sfz = URL(fileURLWithPath: fixtures.path("big.sfz"))
    try sfzText.write(to: sfz, atomically: true, encoding: .utf8)
    let sampler = Sampler()
    let block = RenderBuffers()
    sampler.render(frameCount: 256, left: block.left, right: block.right)
    // The median of several load-and-unload rounds is what this sampler kept.
    var kept: [Int] = []
    var before: [Int] = []
    for _ in 0..<5 {
      let start = try #require(Self.residentBytes())
      try sampler.loadInstrument(url: sfz)
      sampler.play(noteNumber: 60, velocity: 100)
      sampler.render(frameCount: 256, left: block.left, right: block.right)
      sampler.unloadAllSamples()
      var freed = 0
      for _ in 0..<100 where freed == 0 {
        sampler.render(frameCount: 256, left: block.left, right: block.right)
        freed = sampler.freeRetiredInstruments()
      }
      #expect(freed == 1, "the render thread let the instrument go within 100 blocks")
      kept.append(try #require(Self.residentBytes()) - start)
      before.append(start)
    }
    let median = kept.sorted()[kept.count / 2]
    let limit = before.sorted()[before.count / 2] / 20
    #expect(
      median < limit,
      "kept \(kept.map { $0 / 1_000_000 }) MB per round; the limit is \(limit / 1_000_000) MB")
  }

  @Test("any control call frees what the render thread let go of; nothing is left for later")
  func controlCallsCollect() throws {
    for sendsController in [false, true] {
      let sampler = Sampler()
      try sampler.loadRawSampleData(
        from: Samples.sine(Samples.descriptor(root: 60), seconds: 0.1))
      sampler.buildKeyMap()
      let block = RenderBuffers()
      sampler.play(noteNumber: 60, velocity: 100)
      sampler.render(frameCount: 256, left: block.left, right: block.right)
      sampler.unloadAllSamples()
      // The voice fades within the swap fade (5 ms), after which the instrument is retired.
      for _ in 0..<20 { sampler.render(frameCount: 256, left: block.left, right: block.right) }
      if sendsController { sampler.controlChange(controller: 1, value: 0) }
      // Without a control call the retired instrument waits for this one; with one, it is gone.
      #expect(sampler.freeRetiredInstruments() == (sendsController ? 0 : 1))
    }
  }
}

/// One block of output buffers for a render loop.
final class RenderBuffers {
  let left = UnsafeMutablePointer<Float>.allocate(capacity: 4_096)
  let right = UnsafeMutablePointer<Float>.allocate(capacity: 4_096)
  deinit {
    left.deallocate()
    right.deallocate()
  }
}

/// Runs `LoadMemoryTests` in a fresh test process with nothing else running, and fails when any
/// of them fails there.
@Suite struct ResidentMemoryProcess {
  static let marker = "SFZSAMPLER_MEMORY_PROCESS"
  static var isChild: Bool { ProcessInfo.processInfo.environment[marker] != nil }

  @Test(
    "resident memory, measured in a test process of its own",
    .enabled(if: LoadMemoryTests.residentBytes() != nil && !LoadMemoryTests.underSanitizer),
    .enabled(if: !isChild))
  func runsAlone() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = [
      "--testing-library", "swift-testing", "--filter", "SFZSamplerTests.LoadMemoryTests",
    ]
    process.environment = ProcessInfo.processInfo.environment.merging([Self.marker: "1"]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
    // All three tests (four cases) must have run there, none skipped.
    #expect(text.contains("Test run with 3 tests"), "\(text)")
    #expect(!text.contains("skipped"), "\(text)")
  }
}
