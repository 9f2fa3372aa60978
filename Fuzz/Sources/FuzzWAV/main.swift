// libFuzzer entry point for RIFF/WAVE: the in-memory RIFF chunk walk and `smpl` reader, the
// file-based `smpl` walk, and the whole decode through libsndfile. `make fuzz` builds and runs it.
import FuzzSupport

@testable import SFZSampler

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = UnsafeBufferPointer(start: data, count: size)
  let bytes = Array(input)
  // Both walks: a whole file, and a wrapper that keeps the data header without its audio.
  for dataPayloadIncluded in [true, false] {
    for payload in RIFFChunks.payloads(
      of: "smpl", in: bytes, dataPayloadIncluded: dataPayloadIncluded)
    {
      _ = SmplChunk.parse(payload)
    }
  }
  let path = ScratchFolder.write(input, to: "input.wav")
  // Called directly too, because decode only reaches it once libsndfile accepts the audio.
  _ = ContainerMetadata.wav(path: path)
  if let audio = try? SampleDecoder.decode(path: path) {
    AudioInvariants.check(audio)
  }
  return 0
}
