// libFuzzer entry point for the tuning readers: Scala scales (.scl), keyboard mappings (.kbm) and
// MIDI Tuning Standard SysEx, which come from the wild and from songs. Any bytes must be refused
// with a TuningFileError or MIDITuningError, or give a tuning whose every mapped key has a
// finite, positive frequency. `make fuzz` builds and runs it.
//
// The first byte chooses the reader; for a scale with a mapping, a NUL byte ends the scale.
import SFZSampler

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  switch data[0] % 3 {
  case 0: checkScale(bytes, mapping: nil)
  case 1:
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    checkScale(Array(bytes[..<split]), mapping: Array(bytes[min(split + 1, bytes.count)...]))
  default: checkSystemExclusive(bytes)
  }
  return 0
}

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

private func checkScale(_ scaleBytes: [UInt8], mapping mappingBytes: [UInt8]?) {
  guard let scale = try? ScalaScale(text: text(scaleBytes), file: "fuzz.scl") else { return }
  var mapping = KeyboardMapping.standard
  if let mappingBytes {
    guard let read = try? KeyboardMapping(text: text(mappingBytes), file: "fuzz.kbm") else {
      return
    }
    mapping = read
  }
  guard let tuning = try? Tuning(scale: scale, mapping: mapping) else { return }
  for key in 0..<128 {
    if let hertz = tuning.frequency(ofKey: key), !(hertz.isFinite && hertz > 0) {
      fatalError("key \(key) tuned to \(hertz) Hz")
    }
  }
}

private func checkSystemExclusive(_ bytes: [UInt8]) {
  guard let message = try? MIDITuningMessage(systemExclusive: bytes) else { return }
  for tuning in message.keyTunings where !(tuning.frequency.isFinite && tuning.frequency > 0) {
    fatalError("key \(tuning.key) tuned to \(tuning.frequency) Hz")
  }
  _ = message.events(frame: 0)
}
