// libFuzzer entry point for WavPack: the decode through libwavpack and the `smpl` search in the
// RIFF wrapper it keeps. `make fuzz` builds and runs it.
import FuzzSupport

@testable import SFZSampler

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let path = ScratchFolder.write(UnsafeBufferPointer(start: data, count: size), to: "input.wv")
  if let audio = try? SampleDecoder.decodeWavPack(path: path) {
    AudioInvariants.check(audio)
  }
  return 0
}
