import AudioTestSupport
import Foundation
import Testing

@testable import SFZ

@Suite struct OpcodeTableTests {
  @Test func patternsAliasesAndLiterals() {
    let table = SFZOpcodeTable.shared
    #expect(table.lookup("amp_velcurve_64")?.canonicalName == "amp_velcurve_64")
    #expect(table.lookup("eq2_freqcc74")?.canonicalName == "eq2_freq_oncc74")
    #expect(table.lookup("ampeg_holdcc133")?.canonicalName == "ampeg_hold_oncc133")
    #expect(table.lookup("cutoff2_oncc3")?.canonicalName == "cutoff2_oncc3")
    #expect(table.lookup("loopstart")?.canonicalName == "loop_start")
    #expect(table.lookup("bendup")?.canonicalName == "bend_up")
    #expect(table.lookup("eg06_time2_oncc10")?.canonicalName == "eg06_time2_oncc10")
    #expect(table.lookup("hint_ram_based")?.spec.version == .aria)
    #expect(table.lookup("xyz") == nil)
    #expect(table.lookup("lokey")?.spec.kind == .note)
  }

  /// Every SFZ v1 opcode of the sfzformat.com database must be known, with version v1 when
  /// it is matched by its own entry rather than an alias.
  @Test(.enabled(if: TestData.exists(TestData.corpus))) func coversTheSpecificationDatabase() throws
  {
    let data = try Data(contentsOf: TestData.corpus.appendingPathComponent("spec/opcodes.json"))
    let entries = try #require(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    var missing: [String: [String]] = [:]
    var wrongVersion: [String] = []
    for entry in entries {
      guard let name = entry["name"] as? String, let version = entry["ver"] as? String,
        !name.hasPrefix("#"), !name.contains("*")
      else { continue }
      let concrete = name.replacingOccurrences(of: "N", with: "1")
        .replacingOccurrences(of: "X", with: "2").replacingOccurrences(of: "Y", with: "3")
      guard let match = SFZOpcodeTable.shared.lookup(concrete.lowercased()) else {
        missing[version, default: []].append(name)
        continue
      }
      if version == "SFZ v1" && match.spec.pattern == name && match.spec.version != .v1 {
        wrongVersion.append(name)
      }
    }
    for (version, names) in missing.sorted(by: { $0.key < $1.key }) {
      print("opcodes.json \(version) entries not in the table: \(names.joined(separator: " "))")
    }
    #expect(missing["SFZ v1", default: []].isEmpty)
    #expect(wrongVersion.isEmpty)
  }
}
