// libFuzzer entry point: any bytes, read as lossy UTF-8, must parse without crashing.
// `make fuzz` builds and runs it.
import SFZ

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  _ = try? SFZInstrument.parse(text: text, path: "/nonexistent-fuzz/fuzz.sfz")
  return 0
}
