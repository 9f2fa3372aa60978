import AudioTestSupport
import CSndfile
import Foundation
import SFZSampler

/// A little SFZ instrument in a temporary folder for the parameter, preset and state tests: a
/// looped 440 Hz sine (exactly 440 periods in 48,000 frames, so the loop is seamless) over
/// every key, root A4, and a DC sample (constant 0.5) on key 0 whose level reads back exactly,
/// both at unity channel volume. Files are removed with the rig.
final class ParameterRig: @unchecked Sendable {
  let folder: URL
  var instrumentURL: URL { folder.appendingPathComponent("rig.sfz") }
  var sidecarURL: URL { folder.appendingPathComponent("rig.presets.json") }
  static let instrumentText = """
    <control> set_cc7=127
    <region> sample=sine.wav lokey=1 hikey=127 pitch_keycenter=69 loop_mode=loop_continuous
    <region> sample=dc.wav key=0 pitch_keycenter=0 loop_mode=loop_continuous

    """

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("sfz-parameters-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try write("sine.wav", Synth.sine(frequency: 440, sampleRate: 48_000, frames: 48_000))
    try write("dc.wav", [Float](repeating: 0.5, count: 48_000))
    try Self.instrumentText.write(to: instrumentURL, atomically: true, encoding: .utf8)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Writes a mono 32-bit float WAV at 48 kHz.
  private func write(_ name: String, _ samples: [Float]) throws {
    var info = SF_INFO()
    info.samplerate = 48_000
    info.channels = 1
    info.format = Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT)
    let path = folder.appendingPathComponent(name).path
    guard let file = sf_open(path, Int32(SFM_WRITE), &info) else {
      throw CocoaError(.fileWriteUnknown)
    }
    defer { sf_close(file) }
    guard sf_writef_float(file, samples, sf_count_t(samples.count)) == samples.count else {
      throw CocoaError(.fileWriteUnknown)
    }
  }

  /// A sampler playing the rig's instrument.
  func sampler(maximumPolyphony: Int = 64) throws -> Sampler {
    let sampler = Sampler(sampleRate: 48_000, maximumPolyphony: maximumPolyphony)
    try sampler.loadInstrument(url: instrumentURL)
    return sampler
  }
}

extension Sampler {
  /// Renders `frames` frames in blocks of `block`, each event in the block its frame falls in
  /// (at its offset there); returns both channels.
  func render(_ events: [SamplerEvent], frames: Int, block: Int = 256) -> (
    left: [Float], right: [Float]
  ) {
    var left = [Float](repeating: 0, count: frames)
    var right = [Float](repeating: 0, count: frames)
    left.withUnsafeMutableBufferPointer { l in
      right.withUnsafeMutableBufferPointer { r in
        for start in stride(from: 0, to: frames, by: block) {
          let n = min(block, frames - start)
          let inBlock = events.filter { $0.frame >= start && $0.frame < start + n }.map {
            var event = $0
            event.frame -= start
            return event
          }
          inBlock.withUnsafeBufferPointer {
            render(
              frameCount: n, events: $0, left: l.baseAddress! + start,
              right: r.baseAddress! + start)
          }
        }
      }
    }
    return (left, right)
  }
}
