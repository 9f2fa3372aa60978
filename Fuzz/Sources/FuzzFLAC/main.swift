// libFuzzer entry point for FLAC: the metadata-block walk that finds `riff` APPLICATION blocks
// (ContainerMetadata.flacForeignSmpl) and the whole decode through libsndfile.
// `make fuzz` builds and runs it.
import FuzzSupport

@testable import SFZSampler

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let path = ScratchFolder.write(UnsafeBufferPointer(start: data, count: size), to: "input.flac")
  // Called directly too, because decode only reaches it once libsndfile accepts the audio.
  _ = ContainerMetadata.flacForeignSmpl(path: path)
  if let audio = try? SampleDecoder.decode(path: path) {
    AudioInvariants.check(audio)
  }
  return 0
}
