import AudioTestSupport
import Foundation
import Synchronization
import Testing

@testable import SFZSampler

/// Every sample of the real instruments decodes to sane audio; loop counts match what the
/// corpus README documents. Files are decoded on all cores at once, which also exercises
/// concurrent use of libsndfile.
@Suite(.enabled(if: TestData.exists(TestData.corpusInstruments))) struct CorpusDecodingTests {
  struct Outcome: Sendable {
    var path: String
    var bytes: Int
    var result: Result<DecodedAudio, SampleDecodingError>
  }

  static func decodeAll(_ files: [URL]) -> [Outcome] {
    let slots = Mutex<[Outcome?]>(Array(repeating: nil, count: files.count))
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      let path = files[index].path
      let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      let result = Result { () throws(SampleDecodingError) in try SampleDecoder.decode(path: path) }
      slots.withLock { $0[index] = Outcome(path: path, bytes: size, result: result) }
    }
    return slots.withLock { $0.compactMap { $0 } }
  }

  static func checkSane(_ outcome: Outcome) {
    switch outcome.result {
    case .failure(let error):
      Issue.record("\(error)")
    case .success(let audio):
      #expect(audio.frameCount > 0, "\(outcome.path)")
      #expect(audio.floatChannels.allSatisfy { $0.count == audio.frameCount }, "\(outcome.path)")
      let peak = audio.floatChannels.map(Self.peak).max() ?? 0
      #expect(peak.isFinite && peak <= 1.0001, "\(outcome.path) peak \(peak)")
      if let loop = audio.loop {
        #expect(loop.start < loop.end && loop.end <= audio.frameCount, "\(outcome.path)")
      }
    }
  }

  /// Largest magnitude; NaN propagates so a non-finite sample fails the check.
  static func peak(_ samples: [Float]) -> Float {
    samples.withUnsafeBufferPointer { buffer in
      var peak: Float = 0
      for sample in buffer {
        if sample.isNaN { return .nan }
        peak = max(peak, abs(sample))
      }
      return peak
    }
  }

  static func loopedCount(_ outcomes: [Outcome]) -> Int {
    outcomes.filter { (try? $0.result.get().loop) != nil }.count
  }

  /// Every corpus sample, decoded once for all the tests of this suite.
  static let everySample: (outcomes: [Outcome], seconds: Double) = {
    let files = TestData.files(
      under: TestData.corpusInstruments, extensions: ["wav", "flac", "aif", "aiff", "ogg", "wv"])
    let clock = ContinuousClock()
    var outcomes: [Outcome] = []
    let elapsed = clock.measure { outcomes = decodeAll(files) }
    let seconds =
      Double(elapsed.components.seconds)
      + Double(elapsed.components.attoseconds) / 1e18
    return (outcomes, seconds)
  }()

  static func outcomes(in instrument: String, fileExtension: String) -> [Outcome] {
    let folder = TestData.corpusInstruments.appendingPathComponent(instrument).path + "/"
    return everySample.outcomes.filter {
      $0.path.hasPrefix(folder) && $0.path.lowercased().hasSuffix("." + fileExtension)
    }
  }

  @Test func ePianoFLACsCarryForeignLoops() {
    let outcomes = Self.outcomes(in: "GregSullivan.E-Pianos", fileExtension: "flac")
    #expect(outcomes.count == 172)
    #expect(Self.loopedCount(outcomes) == 99)
  }

  @Test func discordBankWAVsAreAllLooped() {
    let outcomes = Self.outcomes(in: "Discord-SFZ-GM-Bank", fileExtension: "wav")
    #expect(outcomes.count == 45)
    #expect(Self.loopedCount(outcomes) == 45)
  }

  @Test func unloopedInstrumentsReportNoLoops() {
    let cabasa = Self.outcomes(in: "kinwie.dim-cabasa", fileExtension: "flac")
    let ganjo = Self.outcomes(in: "ganjo", fileExtension: "wav")
    #expect(cabasa.count == 250 && ganjo.count == 61)
    #expect(Self.loopedCount(cabasa + ganjo) == 0)
    #expect(ganjo.allSatisfy { (try? $0.result.get().samples.channelCount) == 2 })
  }

  @Test func everyCorpusSampleDecodes() {
    let (outcomes, seconds) = Self.everySample
    outcomes.forEach(Self.checkSane)
    let megabytes = Double(outcomes.map(\.bytes).reduce(0, +)) / 1_000_000
    let samples = outcomes.compactMap { try? $0.result.get() }
      .map { $0.frameCount * $0.samples.channelCount }.reduce(0, +)
    print(
      "decoded \(outcomes.count) corpus files, \(megabytes) MB of files "
        + "(\(samples) samples) in \(seconds) s: \(megabytes / seconds) MB/s, "
        + "\(Self.loopedCount(outcomes)) looped")
    #expect(outcomes.count == 172 + 250 + 61 + 45)
  }
}
