// An app's view of SFZSampler: a package that depends on it by version. The manifest is written
// by scripts/check-version-consumer.sh, which tags a copy of the repository, builds this program
// against it and runs it with the path of the bundled keys instrument. It loads the instrument
// through the public API, plays one note off its sample's root key and exits non-zero unless the
// note sounds at its equal-tempered pitch.
import Foundation
import SFZSampler

let sampleRate = 48_000.0
/// Key 61 plays the sample rooted on key 60 a semitone up, so the resampling path is exercised.
let key: UInt8 = 61
/// The lowest velocity layer, whose sustain is nearly a pure fundamental: its upward zero
/// crossings count periods.
let velocity: UInt8 = 40
let expectedHertz = 440 * pow(2, (Double(key) - 69) / 12)
let blockFrames = 256
let totalFrames = Int(1.5 * sampleRate)
/// Measured from 1 s on, inside the sustain loop, after the attack's inharmonic partials.
let measuredFrames = Int(1.0 * sampleRate)..<totalFrames
let quietestPeak: Float = 0.001  // -60 dBFS
let pitchToleranceCents = 10.0

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("VersionConsumer: error: \(message)\n".utf8))
  exit(1)
}

guard CommandLine.arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: VersionConsumer INSTRUMENT.sfz\n".utf8))
  exit(2)
}
let instrument = URL(fileURLWithPath: CommandLine.arguments[1])

let sampler = Sampler(sampleRate: sampleRate, maximumPolyphony: 16)
do {
  let report = try sampler.loadInstrument(url: instrument, strict: true)
  for problem in report.diagnostics { print(problem) }
} catch {
  fail(error.description)
}

var left = [Float](repeating: 0, count: totalFrames)
var right = [Float](repeating: 0, count: totalFrames)
for start in stride(from: 0, to: totalFrames, by: blockFrames) {
  let frames = min(blockFrames, totalFrames - start)
  let events = start == 0 ? [SamplerEvent.noteOn(key: key, velocity: velocity)] : []
  left.withUnsafeMutableBufferPointer { l in
    right.withUnsafeMutableBufferPointer { r in
      events.withUnsafeBufferPointer { events in
        sampler.render(
          frameCount: frames, events: events, left: l.baseAddress! + start,
          right: r.baseAddress! + start)
      }
    }
  }
}

let peak = left[measuredFrames].map(abs).max() ?? 0
guard peak >= quietestPeak else {
  fail("key \(key) is silent: peak \(peak) after 1 s, expected at least \(quietestPeak)")
}

var crossings: [Double] = []
for i in measuredFrames.dropFirst() where left[i - 1] < 0 && left[i] >= 0 {
  crossings.append(Double(i - 1) + Double(-left[i - 1] / (left[i] - left[i - 1])))
}
guard let first = crossings.first, let last = crossings.last, crossings.count > 2 else {
  fail("key \(key) has no pitch: \(crossings.count) upward zero crossings in 0.5 s")
}
let hertz = Double(crossings.count - 1) * sampleRate / (last - first)
let cents = 1200 * log2(hertz / expectedHertz)
guard abs(cents) <= pitchToleranceCents else {
  fail(
    String(
      format: "key %d sounds at %.2f Hz, %.1f cents from %.2f Hz (tolerance %.0f cents)",
      Int(key), hertz, cents, expectedHertz, pitchToleranceCents))
}
print(
  String(
    format: "VersionConsumer: key %d at %.2f Hz (%+.2f cents), peak %.1f dBFS: ok", Int(key), hertz,
    cents, 20 * log10(Double(peak))))
