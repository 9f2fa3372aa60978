import AudioTestSupport
import Foundation
import SFZ
import Testing

@testable import SFZSampler

/// All 192 entries the SFZ opcode database marks as SFZ v1 (opcodes, their CC and velocity
/// forms, and aliases) go through the parser and are rendered, or listed as unsupported with a
/// reason.
@Suite("SFZ v1 coverage")
struct OpcodeV1CoverageTests {
  static let database = TestData.corpus.appendingPathComponent("spec/opcodes.json")

  @Test(
    "every SFZ v1 opcode is rendered, or declared unsupported with a reason",
    .enabled(if: TestData.exists(database)))
  func everyV1Opcode() throws {
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: Self.database)) as? [[String: Any]])
    let v1 = entries.filter { $0["ver"] as? String == "SFZ v1" }.compactMap {
      $0["name"] as? String
    }
    #expect(v1.count == 192)
    var missing: [String] = []
    var declared: [String: String] = [:]
    for pattern in v1 {
      // A concrete spelling: controller 1, band or velocity point 1.
      let name = pattern.replacingOccurrences(of: "N", with: "1")
        .replacingOccurrences(of: "X", with: "1")
      let canonical = SFZOpcodeTable.shared.lookup(name)?.canonicalName ?? name
      if MappingProbe.reads(canonical) { continue }
      if let reason = UnsupportedOpcodes.reason(for: canonical) {
        declared[pattern] = reason
      } else {
        missing.append(pattern)
      }
    }
    print(
      "SFZ v1: \(192 - missing.count - declared.count) rendered, \(declared.count) declared unsupported: \(declared.keys.sorted())"
    )
    #expect(missing.isEmpty, "neither rendered nor declared: \(missing)")
  }
}
