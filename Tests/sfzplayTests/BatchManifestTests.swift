import Foundation
import SFZSampler
import Testing

@testable import SFZPlayKit

/// The manifest's check runs each line through the single render's option checks with the
/// batch's own options, so a line that would fail as the batch runs it is refused before
/// anything renders.
@Suite struct BatchManifestTests {
  static let lines = [
    #"{"song": "a.mid", "instrument": "a.sfz", "output": "a.wav"}"#,
    #"{"song": "b.mid", "instrument": "a.sfz", "output": "b.wav", "tail": 1}"#,
  ]

  @Test func eachLineIsCheckedWithTheBatchsThreadCount() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try fixture.write("renders.jsonl", text: Self.lines.joined(separator: "\n"))
    let file = GivenPath("renders.jsonl", in: fixture.folder.path)
    #expect(try BatchManifest(file: file, threads: 1).entries.count == 2)
    // one thread more than a render team can have: what every render of the batch would be
    // refused with, on a machine whose cores let the batch's own check through
    let tooMany = OfflineRenderer.maximumThreads + 1
    do {
      _ = try BatchManifest(file: file, threads: tooMany)
      Issue.record("a thread count no render accepts passed the manifest's check")
    } catch {
      guard case .badManifest(_, let problems) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(problems.count == 2, "\(problems)")
      for (line, problem) in zip([1, 2], problems) {
        #expect(problem.hasPrefix("line \(line): --threads must be"), "\(problem)")
        #expect(problem.contains("not \(tooMany)"), "\(problem)")
      }
    }
  }
}
