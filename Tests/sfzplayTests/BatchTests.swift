import AudioTestSupport
import Foundation
import SFZPlayKit
import SFZSampler
import Testing

/// `sfzplay batch`: a manifest of renders of the bundled instruments, with a missing song and a
/// broken instrument among them, rendered, resumed and compared with single renders byte for
/// byte. Songs render at 8 kHz with a 1 s tail so the suite takes seconds. One test at a time:
/// each batch sets the process's sample cache budget for its run.
@Suite(.serialized) struct BatchTests {
  static let instruments = TestData.bundledInstruments
  static var isAvailable: Bool {
    FileManager.default.fileExists(atPath: instruments.appendingPathComponent("demo.sfz").path)
  }

  /// The lines a batch printed and what it returned.
  final class Run {
    var errors: [String] = []
    var outcome: SFZPlayBatch.Outcome?
    var failure: SFZPlayError?
  }

  static func batch(_ arguments: [String], in fixture: Fixture) throws -> Run {
    let run = Run()
    let context = RunContext(
      currentFolder: fixture.folder.path, printOutput: { run.errors.append($0) },
      printError: { run.errors.append($0) })
    let command = try SFZPlayBatch.parse(arguments)
    do {
      run.outcome = try command.execute(in: context)
    } catch {
      run.failure = error
    }
    return run
  }

  static func path(_ name: String) -> String { instruments.appendingPathComponent(name).path }

  /// Three renders that work (one through a bank with stems) and two that cannot; their folder
  /// out/ does not exist yet: the batch makes it.
  static func writeManifest(in fixture: Fixture) throws {
    try fixture.write("broken.sfz", text: "<region> sample=nowhere.wav\n")
    let lines = [
      #"{"song": "\#(path("keys/keys.mid"))", "instrument": "\#(path("demo.sfz"))", "#
        + #""output": "out/keys.wav", "sample_rate": 8000, "tail": 1}"#,
      #"{"song": "missing.mid", "instrument": "\#(path("demo.sfz"))", "output": "out/missing.wav"}"#,
      #"{"song": "\#(path("drums/drums.mid"))", "instrument": "\#(path("drums/drums.sfz"))", "#
        + #""output": "out/drums.flac", "sample_rate": 8000, "bit_depth": 16, "gain": -6, "tail": 1}"#,
      "",
      #"{"song": "\#(path("drums/drums.mid"))", "instrument": "broken.sfz", "output": "out/broken.wav"}"#,
      #"{"song": "\#(path("drums/drums.mid"))", "instrument": "\#(path("demo.sfz"))", "#
        + #""output": "out/band.wav", "stems": "out/stems", "report": "out/band.json", "#
        + #""sample_rate": 8000, "tail": 1}"#,
    ]
    try fixture.write("renders.jsonl", text: lines.joined(separator: "\n") + "\n")
  }

  static let goodOutputs = [
    "out/keys.wav", "out/drums.flac", "out/band.wav", "out/band.json", "out/stems/10-demo.wav",
  ]

  /// The record's lines, parsed.
  static func record(in fixture: Fixture) throws -> [[String: Any]] {
    let text = try String(contentsOf: fixture.url("renders.batch.jsonl"), encoding: .utf8)
    return try text.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  @Test(.enabled(if: isAvailable, "instruments/ not in this checkout"))
  func failuresAreRecordedWhileTheRestRenderAndASecondRunSkipsByChecksum() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try Self.writeManifest(in: fixture)
    let first = try Self.batch(["renders.jsonl", "--jobs", "2"], in: fixture)
    let counts = try #require(first.outcome, "\(first.failure?.description ?? "")")
    #expect((counts.rendered, counts.skipped, counts.failed) == (3, 0, 2))
    for output in Self.goodOutputs { #expect(fixture.exists(output), "\(output)") }
    #expect(!fixture.exists("out/missing.wav") && !fixture.exists("out/broken.wav"))
    // nothing partial: no temporary file anywhere
    let leftovers =
      (FileManager.default.enumerator(atPath: fixture.folder.path)?.allObjects
      as? [String] ?? []).filter { $0.contains(".sfzplay-") }
    #expect(leftovers.isEmpty, "\(leftovers)")
    let record = try Self.record(in: fixture)
    #expect(record.count == 5)
    let failed = record.filter { $0["status"] as? String == "failed" }
    #expect(Set(failed.compactMap { $0["line"] as? Int }) == [2, 5])
    #expect(failed.contains { ($0["error"] as? String)?.contains("missing.mid") == true })
    #expect(failed.contains { ($0["error"] as? String)?.contains("broken.sfz") == true })
    // each output's checksum is the SHA-256 of its bytes, as sha256sum computes it
    let band = try #require(record.first { $0["line"] as? Int == 6 })
    let sums = try #require(band["outputs"] as? [String: String])
    #expect(
      Set(sums.keys) == [
        "out/band.wav", "out/band.json", "out/stems/10-demo.wav", "out/stems/FX-Reverb.wav",
        "out/stems/FX-Chorus.wav",
      ])
    #expect(band["report"] is [String: Any], "the song's --report is in its record")
    let bytes = try Self.bytes(Self.goodOutputs, in: fixture)

    let second = try Self.batch(["renders.jsonl"], in: fixture)
    let again = try #require(second.outcome)
    #expect((again.rendered, again.skipped, again.failed) == (0, 3, 2))

    // a deleted output and a damaged one (same size, one byte changed) render again
    try FileManager.default.removeItem(at: fixture.url("out/keys.wav"))
    var damaged = try Data(contentsOf: fixture.url("out/stems/10-demo.wav"))
    damaged[damaged.count - 1] ^= 1
    try damaged.write(to: fixture.url("out/stems/10-demo.wav"))
    let third = try Self.batch(["renders.jsonl"], in: fixture)
    let resumed = try #require(third.outcome)
    #expect((resumed.rendered, resumed.skipped, resumed.failed) == (2, 1, 2))
    #expect(try Self.bytes(Self.goodOutputs, in: fixture) == bytes)
  }

  @Test(.enabled(if: isAvailable, "instruments/ not in this checkout"))
  func aBatchRenderIsTheSingleRenderByteForByte() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try Self.writeManifest(in: fixture)
    let batch = try Self.batch(["renders.jsonl", "--threads", "2"], in: fixture)
    #expect(batch.outcome?.rendered == 3)
    try FileManager.default.createDirectory(
      at: fixture.url("single"), withIntermediateDirectories: true)
    let singles: [[String]] = [
      [
        Self.path("demo.sfz"), Self.path("keys/keys.mid"), "-o", "single/keys.wav",
        "--sample-rate", "8000", "--tail", "1",
      ],
      [
        Self.path("drums/drums.sfz"), Self.path("drums/drums.mid"), "-o", "single/drums.flac",
        "--sample-rate", "8000", "--bit-depth", "16", "--gain", "-6", "--tail", "1",
      ],
      [
        Self.path("demo.sfz"), Self.path("drums/drums.mid"), "-o", "single/band.wav",
        "--stems", "single/stems", "--report", "single/band.json", "--sample-rate", "8000",
        "--tail", "1",
      ],
    ]
    for arguments in singles {
      let outcome = SFZPlayInProcess.run(arguments, in: fixture.folder)
      #expect(outcome.status == 0, "\(outcome.stderr)")
    }
    for name in ["keys.wav", "drums.flac", "band.wav", "stems/10-demo.wav"] {
      #expect(
        try Data(contentsOf: fixture.url("out/" + name))
          == Data(contentsOf: fixture.url("single/" + name)), "\(name)")
    }
  }

  @Test(.enabled(if: isAvailable, "instruments/ not in this checkout"))
  func renderersSharingAnInstrumentDecodeItsSamplesOnceAndRenderTheSameBytes() throws {
    let cached = try Fixture()
    let uncached = try Fixture()
    defer {
      cached.remove()
      uncached.remove()
    }
    try Self.writeManifest(in: cached)
    try Self.writeManifest(in: uncached)
    let before = DecodedSampleCache.statistics
    let run = try Self.batch(["renders.jsonl", "--jobs", "1"], in: cached)
    #expect(run.outcome?.rendered == 3)
    // demo.sfz plays two songs: its second load takes every sample, and the file parsed and
    // mapped, from the cache
    let after = DecodedSampleCache.statistics
    #expect(after.hits > before.hits, "\(before) -> \(after)")
    #expect(after.instrumentHits > before.instrumentHits, "\(before) -> \(after)")
    #expect(run.errors.last?.contains("reused 0") == false, "\(run.errors)")
    let plain = try Self.batch(["renders.jsonl", "--cache-mb", "0"], in: uncached)
    #expect(plain.outcome?.rendered == 3)
    #expect(
      try Self.bytes(Self.goodOutputs, in: cached) == Self.bytes(Self.goodOutputs, in: uncached))
  }

  @Test func aBadManifestNamesEveryBadLineAndRendersNothing() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let lines = [
      #"{"song": "a.mid", "instrument": "a.sfz", "output": "a.wav"}"#,
      #"{"song": "b.mid", "instrument": "a.sfz", "output": "b.wav", "volume": 3}"#,
      #"{"song": "c.mid", "instrument": "a.sfz"}"#,
      #"{"song": "d.mid", "instrument": "a.sfz", "output": "d.wav", "gain": "loud"}"#,
      #"{"song": "e.mid", "instrument": "a.sfz", "output": "e.wav", "tail": true}"#,
      #"{"song": "f.mid", "instrument": "a.sfz", "output": "f.wav", "sample_rate": 100}"#,
      #"{"song": "g.mid", "instrument": "a.sfz", "output": "a.wav"}"#,
      "not json",
    ]
    try fixture.write("renders.jsonl", text: lines.joined(separator: "\n"))
    let run = try Self.batch(["renders.jsonl"], in: fixture)
    let message = try #require(run.failure).description
    #expect(message.contains("7 problems"), "\(message)")
    for expected in [
      #"line 2: unknown key "volume""#, #"line 3: missing the key "output""#,
      #"line 4: "gain" must be a number"#, #"line 5: "tail" must be a number"#,
      "line 6: --sample-rate must be 8000...384000, not 100", "is written by line 1 too",
      "line 8: not valid JSON",
    ] {
      #expect(message.contains(expected), "\(expected) in \(message)")
    }
    #expect(!fixture.exists("renders.batch.jsonl"), "checked before anything ran")
  }

  static func bytes(_ names: [String], in fixture: Fixture) throws -> [Data] {
    try names.map { try Data(contentsOf: fixture.url($0)) }
  }
}
