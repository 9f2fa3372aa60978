import AudioTestSupport
import Foundation
import Testing

/// The shared reference renders (../shared/reference, made by the reference player), compared
/// with sfzplay's renders of the same instruments and MIDI files by
/// ../shared/tools/reference-compare.py: third-octave band levels frame by frame after one gain
/// alignment. A case matches at a median difference <= 1 dB and a 90th percentile <= 3 dB.
///
/// Where the reference itself departs from the SFZ documentation or cannot be matched frame by
/// frame, the case is held to the figure that departure explains, measured once and written
/// beside it; anything worse than that is a regression.
@Suite struct ReferenceRenderTests {
  /// The largest median and 90th percentile (dB) a case may show, and why when it is not the
  /// tool's own pass mark.
  struct Bound: Sendable {
    var median = 1.0
    var p90 = 3.0
    var why: String?
  }

  /// The reference decays by exp(-9 / (t x rate)) per sample where the documentation gives ARIA's
  /// exp(-8 / (t x rate)) (corpus/spec opcodes/ampeg_attack.md; reference/README.md says so).
  /// Built with 9 these cases measured p90 0.03 (epiano), 0.50 (tremolo strings), 0.03 (amp
  /// envelope) and 0.13 dB (filter envelope); with 8 they measure 3.39, 4.04, 4.90 and 4.28.
  static let decayConstant = Bound(
    median: 1, p90: 5.5, why: "ARIA's decay constant 8 against the reference's 9")

  static let bounds: [String: Bound] = [
    "cp80": Bound(), "wurlitzer": Bound(), "pianet-t": Bound(), "ganjo": Bound(),
    "discord-steel-guitar": Bound(), "pitch-envelope-lfo": Bound(),
    "discord-epiano": decayConstant, "discord-tremolo-strings": decayConstant,
    "amp-envelope": decayConstant, "filter-envelope": decayConstant,
    // White noise through the filters: two independent noises never match frame by frame. Our
    // own render with another noise seed measures median 2.64, p90 3.84 against this one; the
    // average spectra of every note agree within about 1 dB.
    "filter-resonance": Bound(median: 3.0, p90: 4.2, why: "independent noise"),
    // lorand/hirand pick one of 25 samples per round-robin step: the reference's random draws
    // are not ours. Our own render with another seed measures median 3.89, p90 7.76.
    "dim-cabasa": Bound(median: 4.2, p90: 10, why: "random sample choice"),
    // One key per filter type of fil_type.md (reference/sfz/filter-types.sfz). The types beyond
    // the two-pole ones are not yet matched to the reference's responses (issue 40): measured
    // median 0.71, p90 12.87 when the case arrived, held there so that nothing gets worse.
    "filter-types": Bound(median: 0.8, p90: 13.5, why: "filter types not yet matched (issue 40)"),
  ]

  static let tool = TestData.shared.appendingPathComponent("tools/reference-compare.py")

  static var isAvailable: Bool { FileManager.default.fileExists(atPath: tool.path) }

  @Test(.enabled(if: isAvailable, "../shared/reference is absent"))
  func everyCaseWithinItsBound() async throws {
    let output = try await Self.runTool()
    var seen: Set<String> = []
    // "PASS cp80: band difference median 0.00 dB, p90 0.12 dB (gain +7.4 dB)"
    for line in output.split(separator: "\n") where line.hasPrefix("PASS") || line.hasPrefix("FAIL")
    {
      let words = line.split(separator: " ")
      let name = String(words[1].dropLast())
      guard let medianAt = words.firstIndex(of: "median"), let p90At = words.firstIndex(of: "p90"),
        let median = Double(words[medianAt + 1]), let p90 = Double(words[p90At + 1])
      else {
        Issue.record("unreadable line: \(line)")
        continue
      }
      seen.insert(name)
      let bound = try #require(Self.bounds[name], "no bound for case \(name): \(line)")
      #expect(
        median <= bound.median && p90 <= bound.p90,
        "\(name): median \(median), p90 \(p90) dB; bound \(bound.median), \(bound.p90) (\(bound.why ?? "the pass mark"))"
      )
    }
    #expect(seen == Set(Self.bounds.keys), "cases compared: \(seen.sorted())\n\(output)")
  }

  /// Runs the comparison over every case with the sfzplay built beside the tests.
  static func runTool() async throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", tool.path, "--sfzplay", try SFZPlayRunner.requireBinary().path]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
