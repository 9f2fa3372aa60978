import AudioTestSupport
import Foundation
import Testing

/// The issue's "killed at random points 3 times (SIGKILL) and resumed": the built sfzplay renders
/// a manifest of 12 short songs uninterrupted into one folder, and into another is killed three
/// times at seeded random moments and run again each time, then once more to the end. The second
/// folder's outputs are the first's bytes, nothing temporary is left in it, every render was
/// rendered once (later runs skipped it), and a missing song and a broken instrument are recorded
/// as failed with their errors while the rest render, exit status 1. About 6 s in a debug build.
@Suite struct BatchKillResumeTests {
  static let instruments = TestData.bundledInstruments
  static var isAvailable: Bool {
    FileManager.default.fileExists(atPath: instruments.appendingPathComponent("demo.sfz").path)
      && SFZPlayRunner.binary != nil
  }

  /// Four songs of a few notes each, 1.5 s to 3 s, at 120 beats a minute (480 ticks a beat).
  static func song(_ number: Int) -> StandardMIDIWriter {
    let keys: [UInt8] = [48, 55, 60, 64, 67, 72].map { $0 + UInt8(number) }
    var events: [StandardMIDIWriter.Event] = []
    for (index, key) in keys.prefix(3 + number).enumerated() {
      events.append(.noteOn(delta: index == 0 ? 0 : 120, key: key, velocity: 100))
    }
    for (index, key) in keys.prefix(3 + number).enumerated() {
      events.append(.noteOff(delta: index == 0 ? 1_440 : 60, key: key))
    }
    return StandardMIDIWriter(format: 0, ticksPerQuarter: 480, tracks: [events])
  }

  /// The manifest's 12 renders that work (one with stems and a report) and 2 that cannot.
  static func writeCollection(in fixture: Fixture) throws {
    for number in 0..<4 { try fixture.write("song\(number).mid", song: song(number)) }
    try fixture.write("sine.sfz", text: "<region> sample=*sine ampeg_release=0.2\n")
    try fixture.write("broken.sfz", text: "<region> sample=nowhere.wav\n")
    let sounds = [
      ("demo", instruments.appendingPathComponent("demo.sfz").path),
      ("keys", instruments.appendingPathComponent("keys/keys.sfz").path),
      ("sine", "sine.sfz"),
    ]
    var lines: [String] = []
    for number in 0..<4 {
      for (name, path) in sounds {
        var line =
          #"{"song": "song\#(number).mid", "instrument": "\#(path)", "#
          + #""output": "out/\#(name)/song\#(number).wav", "sample_rate": 8000, "tail": 1"#
        if number == 3 && name == "demo" {
          line += #", "stems": "out/stems3", "report": "out/song3.json""#
        }
        lines.append(line + "}")
      }
    }
    lines.insert(
      #"{"song": "missing.mid", "instrument": "sine.sfz", "output": "out/missing.wav"}"#, at: 5)
    lines.insert(
      #"{"song": "song1.mid", "instrument": "broken.sfz", "output": "out/broken.wav"}"#, at: 9)
    try fixture.write("renders.jsonl", text: lines.joined(separator: "\n") + "\n")
  }

  static let goodLines = Set(1...14).subtracting([6, 10])
  static let arguments = ["batch", "renders.jsonl", "--jobs", "2"]

  /// Runs the batch in `folder` to its end; its exit status and standard error.
  static func runToEnd(in folder: URL) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = try SFZPlayRunner.requireBinary()
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let errors = folder.appendingPathComponent("stderr.txt")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    process.waitUntilExit()
    let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
    try FileManager.default.removeItem(at: errors)
    return (process.terminationStatus, text)
  }

  /// Every file under `folder`, by its path inside it, with its bytes.
  static func files(under folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let names = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
    for name in names {
      var isFolder: ObjCBool = false
      let url = folder.appendingPathComponent(name)
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
        !isFolder.boolValue
      {
        files[name] = try Data(contentsOf: url)
      }
    }
    return files
  }

  static func record(in folder: URL) throws -> [[String: Any]] {
    let text = try String(
      contentsOf: folder.appendingPathComponent("renders.batch.jsonl"), encoding: .utf8)
    return try text.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  /// The renders the folder's record says were rendered (0 before the first).
  static func renderedCount(in folder: URL) throws -> Int {
    guard
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("renders.batch.jsonl").path)
    else { return 0 }
    return try record(in: folder).filter { $0["status"] as? String == "rendered" }.count
  }

  /// A small seeded generator (SplitMix64), so a failing run can be repeated with its seed.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  @Test(.enabled(if: isAvailable, "instruments/ or the sfzplay binary missing"))
  func killedThreeTimesAndResumedTheOutputsAreAnUninterruptedRunsBytes() throws {
    let whole = try Fixture()
    let resumed = try Fixture()
    defer {
      whole.remove()
      resumed.remove()
    }
    try Self.writeCollection(in: whole)
    try Self.writeCollection(in: resumed)

    let started = Date()
    let uninterrupted = try Self.runToEnd(in: whole.folder)
    let wholeSeconds = Date().timeIntervalSince(started)
    #expect(uninterrupted.status == 1, "\(uninterrupted.stderr)")
    #expect(
      uninterrupted.stderr.contains("12 rendered, 0 skipped (already done), 2 failed"),
      "\(uninterrupted.stderr)")

    let seed =
      ProcessInfo.processInfo.environment["SFZPLAY_KILL_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0..<1_000_000)
    print("BatchKillResumeTests: seed \(seed) (SFZPLAY_KILL_SEED=\(seed) repeats it)")
    var random = SplitMix(state: seed)
    for round in 1...3 {
      // a random point mid-batch: once 1 or 2 more renders are recorded, then a random part of
      // one render's time more, so a kill lands between renders or inside one
      let before = try Self.renderedCount(in: resumed.folder)
      let target = before + Int.random(in: 1...2, using: &random)
      let extra = wholeSeconds / 12 * Double.random(in: 0..<1, using: &random)
      let process = try SFZPlayRunner.start(Self.arguments, in: resumed.folder)
      // the waits block their thread: see FailureTests on awaiting while others render
      let deadline = Date().addingTimeInterval(60)
      while process.isRunning, Date() < deadline,
        try Self.renderedCount(in: resumed.folder) < target
      {
        Thread.sleep(forTimeInterval: 0.002)
      }
      Thread.sleep(forTimeInterval: extra)
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      #expect(
        process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL,
        "kill \(round) came after the batch had ended")
      let temporary = try Self.files(under: resumed.folder).keys.filter { $0.contains(".sfzplay-") }
      print(
        "BatchKillResumeTests: kill \(round) after \(target - before) more renders and "
          + String(format: "%.2f s: ", extra)
          + "\(try Self.renderedCount(in: resumed.folder)) rendered, \(temporary.count) temporary"
          + " files left")
    }
    let final = try Self.runToEnd(in: resumed.folder)
    #expect(final.status == 1, "\(final.stderr)")
    #expect(final.stderr.contains(", 2 failed;"), "\(final.stderr)")

    // the same files with the same bytes, and nothing else: no temporary or partial file
    let expected = try Self.files(under: whole.url("out"))
    let got = try Self.files(under: resumed.url("out"))
    #expect(
      expected.count == 12 + 3 + 1,
      "12 mixes, one's 3 stems (its instrument, the reverb and chorus returns) and its report")
    #expect(Set(got.keys) == Set(expected.keys))
    for (name, bytes) in expected { #expect(got[name] == bytes, "\(name)") }
    let leftovers = try Self.files(under: resumed.folder).keys.filter { $0.contains(".sfzplay-") }
    #expect(leftovers.isEmpty, "\(leftovers)")

    // each render rendered once over the four runs, skipped afterwards; the failures failed
    // each time with their errors, the last run too
    let record = try Self.record(in: resumed.folder)
    for line in Self.goodLines {
      let statuses = record.filter { $0["line"] as? Int == line }.compactMap {
        $0["status"] as? String
      }
      #expect(statuses.filter { $0 == "rendered" }.count == 1, "line \(line): \(statuses)")
      #expect(Set(statuses).isSubset(of: ["rendered", "skipped"]), "line \(line): \(statuses)")
    }
    for (line, name) in [(6, "missing.mid"), (10, "broken.sfz")] {
      let last = try #require(record.last { $0["line"] as? Int == line })
      #expect(last["status"] as? String == "failed")
      #expect((last["error"] as? String)?.contains(name) == true, "\(last)")
    }
  }
}
