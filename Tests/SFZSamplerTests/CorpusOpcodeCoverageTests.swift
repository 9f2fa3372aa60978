import AudioTestSupport
import Foundation
import SFZ
import Testing

@testable import SFZSampler

@Suite("Every opcode of the corpus is rendered or deliberately unsupported")
struct CorpusOpcodeCoverageTests {
  /// Every `.sfz` file under the corpus, sorted.
  static let files: [URL] = TestData.files(under: TestData.corpus, extensions: ["sfz"])

  @Test(
    "opcodes the table knows are rendered or listed with a reason",
    .enabled(if: TestData.exists(TestData.corpusInstruments)))
  func coverage() {
    var unrendered: [String: Int] = [:]
    var parsed = 0
    for url in Self.files {
      guard let instrument = try? SFZInstrument.load(url: url) else { continue }
      parsed += 1
      for region in instrument.regions {
        for name in MappingProbe.unread(region) where SFZOpcodeTable.shared.lookup(name) != nil {
          unrendered[name, default: 0] += 1
        }
      }
    }
    let listing = unrendered.sorted { $0.key < $1.key }
      .map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
    print("SFZ files parsed: \(parsed) of \(Self.files.count); not rendered: \(listing)")
    #expect(parsed > 400, "\(parsed) of \(Self.files.count) files parsed")
    let unexplained = unrendered.keys.filter { UnsupportedOpcodes.reason(for: $0) == nil }.sorted()
    #expect(unexplained.isEmpty, "rendered nowhere and listed nowhere: \(unexplained)")
  }

  @Test("the table's reasons reach the loader's warning")
  func reasonQuoted() throws {
    let rig = try SemanticsRig(
      "<region> sample=*sine output=1 region_label=Lead group_label=Pads sample_quality=3")
    let messages = rig.report.diagnostics.map(\.message)
    #expect(messages.contains { $0.contains("'output'") && $0.contains("no separate outputs") })
    #expect(messages.contains { $0.contains("'sample_quality'") && $0.contains("host") })
    #expect(!messages.contains { $0.contains("label") }, "labels are handled: \(messages)")
  }
}
