// libFuzzer entry point for whole-instrument loading: SFZ text, optionally followed by a NUL byte
// and the bytes of one sample file written beside it as `sample.wav` (decoders go by content, so
// any format fits that name). Loaded with Sampler.loadInstrument(url:), then a few notes are
// rendered and the output must stay finite. `make fuzz` builds and runs it.
import Foundation
import FuzzSupport
import SFZSampler

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = UnsafeBufferPointer(start: data, count: size)
  let split = input.firstIndex(of: 0) ?? size
  // Foundation on Linux leaks 4 KB reading an empty file (Data(contentsOf:) mallocs a buffer for
  // files that report size 0 and loses it when nothing was read), which LeakSanitizer would stop
  // every run on. No empty file is written, so the SFZ reader and its #include never meet one.
  guard split > 0 else { return 0 }
  ScratchFolder.write(UnsafeBufferPointer(rebasing: input[..<split]), to: "fuzz.sfz")
  if split + 1 < size {
    ScratchFolder.write(UnsafeBufferPointer(rebasing: input[(split + 1)...]), to: "sample.wav")
  } else {
    ScratchFolder.remove("sample.wav")
  }
  let sampler = Sampler(sampleRate: 48_000, maximumPolyphony: 16)
  let url = URL(fileURLWithPath: "\(ScratchFolder.path)/fuzz.sfz")
  guard (try? sampler.loadInstrument(url: url)) != nil else { return 0 }
  // Low, middle and high keys at soft and hard velocities reach most key and velocity splits.
  RenderCheck.play(sampler, notes: [(36, 40), (60, 100), (64, 127), (84, 70)], blocks: 4)
  return 0
}
