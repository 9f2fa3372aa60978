// libFuzzer entry point for AIFF/AIFF-C: libsndfile's decode and the INST/MARK loop markers read
// through SFC_GET_INSTRUMENT (SndfileDecoding.instrument). `make fuzz` builds and runs it.
import FuzzSupport

@testable import SFZSampler

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let path = ScratchFolder.write(UnsafeBufferPointer(start: data, count: size), to: "input.aif")
  if let audio = try? SampleDecoder.decodeWithSndfile(path: path) {
    AudioInvariants.check(audio)
  }
  return 0
}
