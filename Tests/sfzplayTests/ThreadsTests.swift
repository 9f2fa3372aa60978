import Foundation
import Testing

/// `--threads`: any number of render threads writes the same bytes, and the summary says how
/// much faster than one thread the render ran.
@Suite struct ThreadsTests {
  /// 48 notes over two seconds, each held a second, chords of up to 24 voices.
  static func denseSong() -> StandardMIDIWriter {
    var events: [StandardMIDIWriter.Event] = []
    var pending: [(tick: Int, key: UInt8)] = []
    var tick = 0
    for index in 0..<48 {
      let onset = index * 40
      let key = UInt8(36 + (index * 29) % 60)
      pending.append((onset + 480, key))
      pending.sort { $0.tick < $1.tick }
      while let first = pending.first, first.tick <= onset {
        events.append(.noteOff(delta: first.tick - tick, key: first.key))
        tick = first.tick
        pending.removeFirst()
      }
      events.append(.noteOn(delta: onset - tick, key: key, velocity: UInt8(40 + index)))
      tick = onset
    }
    for note in pending {
      events.append(.noteOff(delta: note.tick - tick, key: note.key))
      tick = note.tick
    }
    return StandardMIDIWriter(format: 0, ticksPerQuarter: 480, tracks: [events])
  }

  @Test func everyThreadCountWritesTheSameBytes() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let samples = (0..<48_000).map { (i: Int) -> Float in
      let x = Double(i)
      return Float(0.3 * sin(x * 0.0317) + 0.1 * sin(x * 0.713))
    }
    try fixture.writeSample("tone.wav", samples: samples, sampleRate: 44_100)
    try fixture.write(
      "tone.sfz",
      text:
        "<region> sample=tone.wav lokey=0 hikey=127 pitch_keycenter=60 loop_mode=loop_continuous"
        + " loop_start=1000 loop_end=40000 fil_type=lpf_2p cutoff=3000 ampeg_release=0.2\n")
    try fixture.write("dense.mid", song: Self.denseSong())
    var files: [Data] = []
    for threads in [1, 2, 3] {
      let name = "out\(threads).wav"
      let outcome = SFZPlayInProcess.run(
        ["tone.sfz", "dense.mid", "-o", name, "--block-size", "1000", "--threads", "\(threads)"],
        in: fixture.folder)
      #expect(outcome.status == 0, "\(outcome.stderr)")
      let expected =
        threads == 1 ? "on 1 thread ->" : "on \(threads) threads ("
      #expect(outcome.stdout.contains(expected), "\(outcome.stdout)")
      if threads > 1 {
        #expect(outcome.stdout.contains("x the speed of one, estimated from CPU time)"))
      }
      files.append(try Data(contentsOf: fixture.url(name)))
    }
    #expect(files[0].count > 100_000)
    #expect(files[1] == files[0])
    #expect(files[2] == files[0])
  }

  @Test func threadsWaitingForStreamedSamplesWriteTheSameBytes() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let samples = (0..<144_000).map { (i: Int) -> Float in
      let x = Double(i)
      return Float(0.3 * sin(x * 0.0211) * cos(x * 0.00013))
    }
    try fixture.writeSample("long.wav", samples: samples, sampleRate: 48_000)
    try fixture.write(
      "long.sfz", text: "<region> sample=long.wav lokey=0 hikey=127 pitch_keycenter=60\n")
    try fixture.write("dense.mid", song: Self.denseSong())
    var files: [Data] = []
    // both stream: a sample held whole may end its inaudible voices sooner, which a streamed one
    // cannot tell (Sampler.init's keepsInaudibleVoices)
    for options in [
      ["--threads", "1", "--stream"], ["--threads", "2", "--stream", "--preload", "1024"],
    ] {
      let outcome = SFZPlayInProcess.run(
        ["long.sfz", "dense.mid", "-o", "out.wav"] + options, in: fixture.folder)
      #expect(outcome.status == 0, "\(outcome.stderr)")
      #expect(outcome.stdout.contains("streamed from disk"))
      files.append(try Data(contentsOf: fixture.url("out.wav")))
    }
    #expect(files[0].count > 100_000)
    #expect(files[1] == files[0])
  }
}
