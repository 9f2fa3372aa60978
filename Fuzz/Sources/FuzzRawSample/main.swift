// libFuzzer entry point for raw sample data: SampleDecoder.fromRaw, then the same data through
// Sampler.loadRawSampleData with a fuzzed descriptor, a key map and a few rendered blocks.
// `make fuzz` builds and runs it.
//
// Input layout (little-endian; missing bytes read as zero):
//   byte 0     channel count, signed
//   byte 1     flags: bit 0 interleaved, bit 1 sample count taken from the data (else the
//              next field), bit 2 looping, bit 3 nearest-frequency key map
//   4 bytes    sample count, signed
//   8 bytes    sample rate (Double)
//   bytes      note, lowest/highest note, lowest/highest velocity, all signed; played key
//   5 × 4      note frequency, loop start, loop end, start, end (Float)
//   rest       the sample values (Float)
import FuzzSupport

@testable import SFZSampler

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = InputReader(UnsafeBufferPointer(start: data, count: size))
  let channelCount = Int(Int8(bitPattern: input.byte()))
  let flags = input.byte()
  let statedCount = Int(Int32(bitPattern: input.uint32()))
  let sampleRate = input.double()
  let signed = { (byte: UInt8) in Int(Int8(bitPattern: byte)) }
  let note = signed(input.byte())
  let lowNote = signed(input.byte())
  let highNote = signed(input.byte())
  let lowVelocity = signed(input.byte())
  let highVelocity = signed(input.byte())
  let playedKey = input.byte() & 0x7F
  let descriptor = SampleDescriptor(
    noteNumber: note, noteFrequency: input.float(), minimumNoteNumber: lowNote,
    maximumNoteNumber: highNote, minimumVelocity: lowVelocity, maximumVelocity: highVelocity,
    isLooping: flags & 4 != 0, loopStartPoint: input.float(), loopEndPoint: input.float(),
    startPoint: input.float(), endPoint: input.float())
  let values = input.remainingFloats()
  // Most stated counts disagree with the data; deriving it lets the fuzzer reach the copy loops.
  let sampleCount =
    flags & 2 != 0 && channelCount > 0 ? values.count / channelCount : statedCount
  let isInterleaved = flags & 1 != 0

  if let audio = try? SampleDecoder.fromRaw(
    data: values, channelCount: channelCount, isInterleaved: isInterleaved,
    sampleCount: sampleCount, sampleRate: sampleRate)
  {
    AudioInvariants.check(audio)
  }

  let sampler = Sampler(sampleRate: 48_000, maximumPolyphony: 8)
  let raw = SampleDataDescriptor(
    sampleDescriptor: descriptor, sampleRate: sampleRate, isInterleaved: isInterleaved,
    channelCount: channelCount, sampleCount: sampleCount, data: values)
  guard (try? sampler.loadRawSampleData(from: raw)) != nil else { return 0 }
  if flags & 8 != 0 {
    sampler.buildSimpleKeyMap()
  } else {
    sampler.buildKeyMap()
  }
  RenderCheck.play(sampler, notes: [(playedKey, 100), (UInt8(clamping: note), 64)], blocks: 3)
  return 0
}
