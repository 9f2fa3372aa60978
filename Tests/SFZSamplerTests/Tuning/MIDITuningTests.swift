import AudioTestSupport
import Foundation
import MIDITestSupport
import SFZSampler
import Testing

/// MIDI Tuning Standard messages (MMA, "MIDI Tuning Updated Specification", with the CA-020
/// bank and dump extensions) applied through the render call's event list, measured in cents in
/// the rendered audio.
@Suite("MIDI Tuning Standard")
struct MIDITuningTests {
  static let rate = TuningRig.rate

  /// Renders `frames` frames in one call with `events`, returning the left channel.
  private func render(_ sampler: Sampler, frames: Int, events: [SamplerEvent]) -> [Float] {
    var left = [Float](repeating: 0, count: frames)
    var right = [Float](repeating: 0, count: frames)
    events.withUnsafeBufferPointer { list in
      left.withUnsafeMutableBufferPointer { l in
        right.withUnsafeMutableBufferPointer { r in
          sampler.render(
            frameCount: frames, events: list, left: l.baseAddress!, right: r.baseAddress!)
        }
      }
    }
    return left
  }

  private func decoded(_ bytes: [UInt8]) throws -> MIDITuningMessage {
    try #require(try MIDITuningMessage(systemExclusive: bytes))
  }

  /// "When a sounding note is affected by either real-time tuning message, the note should
  /// instantly be re-tuned to the new frequency while it continues to sound" (MIDI Tuning,
  /// "Single note tuning change"): the held A4 moves from 440 Hz to 37.5 cents above at the
  /// message's frame, which a model of the unbroken sine locates to the frame.
  @Test func realTimeSingleNoteChangeRetunesASoundingNoteAtItsFrame() throws {
    let sampler = try TuningRig.sineSampler()
    let change = 11_193  // not on a block or control-point boundary
    let message = try decoded(MTSBuilder.singleNote([(key: 69, cents: 6_937.5)]))
    #expect(message.kind == .singleNoteChange && message.isRealTime)
    #expect(message.keyTunings.count == 1)
    let out = render(
      sampler, frames: 24_000,
      events: [.noteOn(key: 69, velocity: 127)] + message.events(frame: change))
    let after = 440 * pow(2, 37.5 / 1_200)
    let before = Measure.frequency(out, sampleRate: Self.rate, in: 500..<change - 100)
    let later = Measure.frequency(out, sampleRate: Self.rate, in: change + 100..<24_000)
    #expect(abs(Measure.cents(before, from: 440)) < 0.5, "before: \(before) Hz")
    #expect(abs(Measure.cents(later, from: after)) < 0.5, "after: \(later) Hz")
    let step = Measure.frequencyStep(
      out, sampleRate: Self.rate, start: 0, before: 440, after: after,
      candidates: change - 4...change + 4, window: change - 300..<change + 600)
    #expect(step.frame == change, "\(step.residuals.sorted { $0.key < $1.key })")
    #expect(step.residuals[change]! < 1e-3)
    #expect(step.residuals[change - 1]! > 3 * step.residuals[change]!)
    #expect(step.residuals[change + 1]! > 3 * step.residuals[change]!)
    print(
      "MTS change at frame \(change): residual \(step.residuals[change]!), next best "
        + "\(min(step.residuals[change - 1]!, step.residuals[change + 1]!))")
  }

  /// The non-real-time single note change (CA-020) "will be ignored for notes that are already
  /// sounding": the held note stays at 440 Hz, the next note on the key plays the new pitch.
  @Test func nonRealTimeChangeLeavesSoundingNotesAlone() throws {
    let sampler = try TuningRig.sineSampler()
    let message = try decoded(
      MTSBuilder.singleNoteWithBank([(key: 69, cents: 6_950)], realTime: false))
    #expect(!message.isRealTime && message.bank == 0)
    let held = render(
      sampler, frames: 24_000,
      events: [.noteOn(key: 69, velocity: 127)] + message.events(frame: 6_000))
    #expect(
      abs(
        Measure.cents(Measure.frequency(held, sampleRate: Self.rate, in: 500..<24_000), from: 440))
        < 0.5)
    sampler.stop(noteNumber: 69)
    _ = sampler.renderFrames(2_400)
    let next = TuningRig.measuredFrequency(69, on: sampler)
    #expect(abs(Measure.cents(next, from: 440 * pow(2, 0.5 / 12))) < 0.5)
  }

  /// A bulk dump tunes all 128 keys; "no change" (7F 7F 7F) leaves a key as it was. Both dumps:
  /// 08 01, and the key-based dump with a bank, 08 04.
  @Test(arguments: [nil, UInt8(2)])
  func bulkDumpTunesEveryKey(bank: UInt8?) throws {
    let sampler = try TuningRig.sineSampler()
    // 12-TET plus 7 cents per pitch class above C; key 64 untouched
    let offset = { (key: Int) in Double(key % 12) * 7 }
    let bytes = MTSBuilder.dump(name: "test dump", bank: bank) { key in
      key == 64 ? nil : 100 * Double(key) + offset(key)
    }
    let message = try decoded(bytes)
    #expect(message.kind == .bulkDump && !message.isRealTime)
    #expect(message.name == "test dump" && message.bank == bank && message.program == 3)
    #expect(message.keyTunings.count == 127)
    _ = render(sampler, frames: 64, events: message.events(frame: 10))
    for key in [33, 57, 64, 69, 71, 94] {
      let expected = 440 * pow(2, (Double(key - 69) * 100 + (key == 64 ? 0 : offset(key))) / 1_200)
      let error = Measure.cents(TuningRig.measuredFrequency(key, on: sampler), from: expected)
      #expect(abs(error) < 0.5, "key \(key): \(error) cents")
    }
  }

  @Test func malformedMessagesAreRefusedAndOthersAreNotTunings() throws {
    var bytes = MTSBuilder.dump(name: "x") { 100 * Double($0) }
    bytes[bytes.count - 2] ^= 0x01
    #expect(
      throws: MIDITuningError.checksumMismatch(
        expected: bytes[bytes.count - 2] ^ 1, found: bytes[bytes.count - 2])
    ) {
      try MIDITuningMessage(systemExclusive: bytes)
    }
    // a checksum computed from the device ID on, leaving 7E out, is what some senders write
    var lenient = MTSBuilder.dump(name: "x") { 100 * Double($0) }
    lenient[lenient.count - 2] ^= 0x7E
    #expect(try MIDITuningMessage(systemExclusive: lenient) != nil)
    let short = Array(MTSBuilder.singleNote([(key: 60, cents: 6_000)]).dropLast(2)) + [0xF7]
    #expect(throws: MIDITuningError.wrongLength(subID: 2, expected: 12, actual: 11)) {
      try MIDITuningMessage(systemExclusive: short)
    }
    let scaleOctave: [UInt8] =
      [0xF0, 0x7F, 0x7F, 0x08, 0x08, 0x03, 0x7F, 0x7F] + Array(repeating: 0x40, count: 12) + [0xF7]
    #expect(throws: MIDITuningError.unsupported(subID: 8, isRealTime: true)) {
      try MIDITuningMessage(systemExclusive: scaleOctave)
    }
    // GM System On and a bulk dump request are not tunings
    #expect(try MIDITuningMessage(systemExclusive: [0xF0, 0x7E, 0x7F, 0x09, 0x01, 0xF7]) == nil)
    #expect(
      try MIDITuningMessage(systemExclusive: [0xF0, 0x7E, 0x7F, 0x08, 0x00, 0x00, 0xF7]) == nil)
  }

  /// Hosts that receive SysEx on the render thread turn it into events without allocating.
  @Test func decodingIntoEventsAllocatesNothing() throws {
    let bytes = MTSBuilder.dump(name: "rt") { 100 * Double($0) + 3 }
    let events = UnsafeMutableBufferPointer<SamplerEvent>.allocate(capacity: 128)
    defer { events.deallocate() }
    var count = 0
    var recognised = false
    bytes.withUnsafeBufferPointer { buffer in
      let allocations = ThreadAllocations.measure {
        recognised =
          (try? MIDITuningMessage.forEachEvent(inSystemExclusive: buffer, frame: 5) { event in
            events[count] = event
            count += 1
          }) ?? false
      }
      #expect(allocations == 0)
    }
    #expect(recognised && count == 128)
    #expect(events[0].frame == 5)
  }
}
