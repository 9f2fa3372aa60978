import AudioTestSupport
import Foundation
import Testing

/// Every MIDI file of the shared corpus either renders or fails with one clear line; none
/// crashes or hangs.
@Suite struct CorpusTests {
  /// How one corpus file went.
  struct Run: Sendable {
    var file: URL
    var status: Int32
    var problem: String?
    var errorLine: String?
  }

  /// Every file at the top level of the corpus and anywhere under edge-cases/ (README and
  /// LICENSE files too: they must be refused cleanly).
  static var midiFiles: [URL] {
    let top =
      ((try? FileManager.default.contentsOfDirectory(
        at: TestData.corpusMIDI, includingPropertiesForKeys: [.isRegularFileKey])) ?? [])
      .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    let edges = TestData.files(under: TestData.corpusMIDI.appendingPathComponent("edge-cases"))
    return (top + edges).sorted { $0.path < $1.path }
  }

  @Test(.enabled(if: TestData.exists(TestData.corpusMIDI), "the shared corpus is absent"))
  func everyFileRendersOrFailsCleanly() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    // A tiny instrument: a 0.1 s decaying 8 kHz blip on every key.
    let blip = (0..<800).map { Float(0.3 * exp(-Double($0) / 200)) }
    try fixture.writeSample("blip.wav", samples: blip, sampleRate: 8_000)
    try fixture.write("blip.sfz", text: "<region> sample=blip.wav pitch_keycenter=60\n")
    let files = Self.midiFiles
    #expect(files.count > 20)

    let runs = try await withThrowingTaskGroup(of: Run.self) { group in
      var runs: [Run] = []
      var next = 0
      func startNext() {
        guard next < files.count else { return }
        let index = next
        next += 1
        group.addTask { try await Self.render(files[index], index: index, in: fixture) }
      }
      for _ in 0..<3 { startNext() }
      while let run = try await group.next() {
        runs.append(run)
        startNext()
      }
      return runs
    }

    let failed = runs.filter { $0.status != 0 }.sorted { $0.file.path < $1.file.path }
    print(
      "corpus: \(runs.count) files, \(runs.count - failed.count) rendered, \(failed.count) refused")
    for run in failed {
      print("  refused \(run.file.lastPathComponent): \(run.errorLine ?? "")")
    }
    for run in runs {
      if let problem = run.problem {
        Issue.record("\(run.file.path): \(problem)")
      }
    }
  }

  static func render(_ file: URL, index: Int, in fixture: Fixture) async throws -> Run {
    let output = "out-\(index).wav"
    let outcome = try await SFZPlayRunner.run(
      [
        "blip.sfz", file.path, "-o", output, "--sample-rate", "8000", "--polyphony", "16",
        "--tail", "0.5", "--bit-depth", "32f", "--quiet",
      ], in: fixture.folder, timeout: 30)
    defer { try? FileManager.default.removeItem(at: fixture.url(output)) }
    var run = Run(file: file, status: outcome.status)
    if outcome.timedOut {
      run.problem = "did not finish within 30 s"
    } else if outcome.wasSignalled {
      run.problem = "crashed (signal \(outcome.status)): \(outcome.stderr.suffix(300))"
    } else if outcome.status == 0 {
      if !fixture.exists(output) { run.problem = "exit 0 but no output file" }
    } else {
      let lines = outcome.errorLines
      run.errorLine = lines.last
      if lines.count != 1 || !(lines.first ?? "").hasPrefix("sfzplay: error: ") {
        run.problem = "failure without exactly one error line: \(outcome.stderr.prefix(500))"
      } else if !(lines.first ?? "").contains(file.lastPathComponent) {
        run.problem = "error line does not name the file: \(lines[0])"
      } else if fixture.exists(output) {
        run.problem = "failed but left an output file"
      }
    }
    return run
  }
}
