import AudioTestSupport
import Foundation
import Testing

@testable import SFZ

@Suite(.enabled(if: TestData.exists(TestData.corpus))) struct CorpusTests {
  @Test func everyCorpusFileParses() throws {
    var fatal: [String] = []
    var unknown: [String: Int] = [:]
    var kinds: [String: Int] = [:]
    let files = TestData.files(under: TestData.corpus, extensions: ["sfz"])
    #expect(files.count > 400)
    var slowest = (Duration.zero, "", 0)
    let clock = ContinuousClock()
    for file in files {
      do {
        var loaded: SFZInstrument?
        let elapsed = try clock.measure { loaded = try SFZInstrument.load(url: file) }
        let sfz = try #require(loaded)
        if elapsed > slowest.0 { slowest = (elapsed, file.lastPathComponent, sfz.regions.count) }
        unknown.merge(sfz.unknownOpcodes, uniquingKeysWith: +)
        for diagnostic in sfz.diagnostics {
          let kind = diagnostic.message.replacing(/'[^']*'/, with: "'…'").prefix(40)
          kinds["\(diagnostic.severity): \(kind)", default: 0] += 1
        }
      } catch {
        fatal.append("\(error)")
      }
    }
    print("corpus: \(files.count) files, \(fatal.count) fatal")
    print("slowest: \(slowest.1) (\(slowest.2) regions) in \(slowest.0)")
    for message in fatal { print("  fatal: \(message)") }
    print("diagnostics by kind:")
    for (kind, count) in kinds.sorted(by: { $0.value > $1.value }).prefix(25) {
      print("  \(count) \(kind)")
    }
    print("unknown opcodes across the corpus (name: occurrences):")
    for (name, count) in unknown.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
      print("  \(name): \(count)")
    }
    #expect(fatal.isEmpty)
  }

  @Test(arguments: [
    ("instruments/GregSullivan.E-Pianos/CP80/CP80.sfz", 81),
    ("instruments/GregSullivan.E-Pianos/Wurlitzer EP200/Wurlitzer EP200.sfz", 48),
    ("instruments/GregSullivan.E-Pianos/Pianet T/Pianet T.sfz", 49),
  ])
  func ePianoRegionCounts(path: String, regions: Int) throws {
    let sfz = try SFZInstrument.load(url: TestData.corpus.appendingPathComponent(path))
    #expect(sfz.regions.count == regions)
    #expect(sfz.regions.allSatisfy { $0.sampleExists })
  }

  @Test func dimCabasaRoundRobins() throws {
    let url = TestData.corpus.appendingPathComponent("instruments/kinwie.dim-cabasa/Dim Cabasa.sfz")
    let sfz = try SFZInstrument.load(url: url)
    #expect(sfz.regions.count == 250)
    #expect(Set(sfz.regions.compactMap { $0.int("seq_position") }) == [1, 2, 3, 4, 5])
    #expect(sfz.regions.allSatisfy { $0.sampleExists })
    // The defines in the file: $RANDnn = nn * 0.04; region k of a group has lorand $RAND(k-1).
    let text = try String(contentsOf: url, encoding: .utf8)
    var rand: [String: Double] = [:]
    for line in text.components(separatedBy: .newlines) where line.hasPrefix("#define $RAND") {
      let parts = line.split(separator: " ")
      rand[String(parts[1])] = Double(parts[2].trimmingCharacters(in: .whitespacesAndNewlines))
    }
    #expect(rand.count == 26)
    for (index, region) in sfz.regions.enumerated() {
      let slot = index % 25
      #expect(region.double("lorand") == rand[String(format: "$RAND%02d", slot)])
      #expect(region.double("hirand") == rand[String(format: "$RAND%02d", slot + 1)])
    }
    #expect(sfz.regions[0].samplePath?.hasSuffix("Dim Cabasa Samples/bw_rr1_01.flac") == true)
  }

  @Test func ganjoBackslashPaths() throws {
    let sfz = try SFZInstrument.load(
      url: TestData.corpus.appendingPathComponent("instruments/ganjo/ganjo.sfz"))
    #expect(sfz.regions.count == 58)
    #expect(sfz.regions.allSatisfy { $0.sampleExists })
    #expect(sfz.diagnostics.isEmpty)
  }

  @Test func discordBankMissingSamplesAndSpeed() throws {
    let url = TestData.corpus.appendingPathComponent(
      "instruments/Discord-SFZ-GM-Bank/Discord GM/Discord GM Bank.sfz")
    let clock = ContinuousClock()
    var sfz: SFZInstrument?
    let elapsed = try clock.measure { sfz = try SFZInstrument.load(url: url) }
    let bank = try #require(sfz)
    print(
      "Discord GM Bank.sfz: \(bank.regions.count) regions, \(bank.includedFiles.count) includes, parsed in \(elapsed)"
    )
    let missing = bank.diagnostics.filter { $0.message.hasPrefix("sample '") }
    let names = missing.map(\.message)
    print("\(missing.count) missing samples reported, e.g.:")
    for diagnostic in missing.prefix(3) { print("  \(diagnostic)") }
    #expect(!missing.isEmpty)
    #expect(Set(names).count == names.count)
    #expect(missing.allSatisfy { $0.line > 0 && $0.file.hasSuffix(".sfz") })
    let typo = bank.diagnostics.filter { $0.message.contains("offset=320") }
    #expect(typo.count == 1)
    #expect(typo.first?.line == 1409 && typo.first?.file.hasSuffix("001-Standard Kit.sfz") == true)
    #expect(bank.regions.contains { $0.int("loprog") == 25 && $0.sampleExists })
  }
}
