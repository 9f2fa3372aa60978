// libFuzzer entry point for the MIDI file reader; `make fuzz` builds and runs it.
import MIDIFile

/// Parses one fuzzer input; any outcome other than a crash or hang is a pass.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if let song = try? MIDIFile(data: bytes, name: "fuzz.mid") {
    for event in song.events {
      _ = event.frame(atSampleRate: 48_000)
    }
  }
  return 0
}
