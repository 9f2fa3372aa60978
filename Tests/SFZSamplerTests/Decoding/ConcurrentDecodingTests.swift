import CSndfile
import Foundation
import Synchronization
import Testing

@testable import SFZSampler

/// Decoding many files at once on all cores gives the same results as one at a time, including
/// the errors (libsndfile reports open failures through a process-wide slot).
@Suite struct ConcurrentDecodingTests {
  @Test func parallelDecodesMatchSequentialOnes() throws {
    let fixtures = try DecodingFixtures()
    var paths: [String] = []
    for index in 0..<12 {
      let values = DecodingFixtures.pcm(bits: 24, frames: 3_000 + index * 97, channels: 2)
      let format = index.isMultiple(of: 2) ? SF_FORMAT_FLAC : SF_FORMAT_WAV
      paths.append(
        try fixtures.writePCM(
          "file\(index).\(index.isMultiple(of: 2) ? "flac" : "wav")", values: values, bits: 24,
          channels: 2, format: Int32(format | SF_FORMAT_PCM_24)))
      let text = fixtures.path("text\(index).wav")
      try Data("not audio \(index)".utf8).write(to: URL(fileURLWithPath: text))
      paths.append(text)
    }
    let files = paths
    let sequential = files.map(Self.summary)
    let parallel = Mutex([String](repeating: "", count: files.count))
    DispatchQueue.concurrentPerform(iterations: files.count * 4) { iteration in
      let index = iteration % files.count
      let result = Self.summary(files[index])
      parallel.withLock { $0[index] = result }
    }
    #expect(parallel.withLock { $0 } == sequential)
    #expect(sequential.filter { $0.hasPrefix("error") }.count == 12)
  }

  /// A string that changes with any sample, the length, or the error.
  static func summary(_ path: String) -> String {
    do {
      let audio = try SampleDecoder.decode(path: path)
      let checksum = audio.floatChannels.joined().reduce(into: Float(0)) { $0 += $1 * 0.5 }
      return "\(audio.frameCount) \(audio.samples.channelCount) \(checksum)"
    } catch {
      return "error \(error)"
    }
  }
}
