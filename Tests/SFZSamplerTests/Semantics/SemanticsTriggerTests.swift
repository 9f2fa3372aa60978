import AudioTestSupport
import CSndfile
import SFZSampler
import Testing

@Suite("Semantics: triggers")
struct SemanticsTriggerTests {
  /// What a note adds to a render: the same events rendered with and without it, subtracted.
  /// The engine is deterministic and voices add, so the difference is that note's voices alone.
  private func added(
    by note: SamplerEvent, to events: [SamplerEvent], _ sfz: String, frames: Int
  ) throws -> [Float] {
    let with = try SemanticsRig(sfz).render(frames, events + [note])
    let without = try SemanticsRig(sfz).render(frames, events)
    return zip(with, without).map { $0 - $1 }
  }

  private let firstAndLegato = """
    <group> amp_veltrack=0 volume=-12 lokey=48 hikey=72
    <region> sample=*sine trigger=first tune=0
    <region> sample=*sine trigger=legato tune=700
    """

  @Test("trigger=first plays alone, trigger=legato over a held key")
  func firstAndLegatoNotes() throws {
    let alone = try SemanticsRig(firstAndLegato).render(4_800, [.noteOn(key: 64, velocity: 100)])
    #expect(SemanticsRig.tone(Array(alone[2_400...]), key: 64, among: [0, 7]) == 0)
    let over = try added(
      by: .noteOn(key: 64, velocity: 100, frame: 2_400), to: [.noteOn(key: 60, velocity: 100)],
      firstAndLegato, frames: 7_200)
    #expect(Measure.peak(over[..<2_400]) == 0)
    #expect(SemanticsRig.tone(Array(over[2_400...]), key: 64, among: [0, 7]) == 7)
    #expect(abs(SemanticsRig.level(Array(over[2_400...])) - (-15.05)) < 0.5)
  }

  private let releases = """
    <region> sample=*silence key=60
    <region> sample=*sine key=60 trigger=release amp_veltrack=0 volume=-12
      ampeg_decay=0.5 ampeg_sustain=0
    <region> sample=*sine key=62 trigger=release_key amp_veltrack=0 volume=-12
      ampeg_decay=0.5 ampeg_sustain=0
    <region> sample=*silence key=62
    """

  /// corpus/spec opcodes/trigger.md: release regions play "on note-off or sustain pedal off";
  /// the pedal is down at any value above 0 (opcodes/sustain_lo.md), so a half-pedal value of
  /// 20 holds them back too.
  @Test("trigger=release waits for the sustain pedal; release_key does not", arguments: [127, 20])
  func releaseAndPedal(pedal: UInt8) throws {
    for (key, expected) in [(UInt8(60), 3_000), (62, 1_000)] {
      let rig = try SemanticsRig(releases)
      let out = rig.render(
        4_800,
        [
          .controlChange(controller: 64, value: pedal),
          .noteOn(key: key, velocity: 100, frame: 100),
          .noteOff(key: key, frame: 1_000), .controlChange(controller: 64, value: 0, frame: 3_000),
        ])
      let onset = Measure.onset(out, threshold: 1e-4) ?? -1
      // a sine starts at zero: its first audible frame is at most two after the voice's first
      #expect((expected...expected + 2).contains(onset), "key \(key): \(onset)")
    }
    let rig = try SemanticsRig(releases)
    let out = rig.render(2_400, [.noteOn(key: 60, velocity: 100), .noteOff(key: 60, frame: 700)])
    #expect((700...702).contains(Measure.onset(out, threshold: 1e-4) ?? -1))
  }

  /// corpus/spec opcodes/trigger.md: release regions play "on note-off or sustain pedal off",
  /// and opcodes/sustain_cc.md moves a region's sustain pedal: a release region waits for its
  /// own pedal as its notes do, not for CC64. Onsets in frames.
  @Test(
    "a release region waits for the pedal its sustain_cc, sustain_lo and sustain_sw name",
    arguments: [
      ("sustain_cc=4", UInt8(4), UInt8(127), 3_000), ("sustain_cc=4", 64, 127, 1_000),
      ("sustain_lo=100", 64, 90, 1_000), ("sustain_lo=100", 64, 110, 3_000),
      ("sustain_sw=off", 64, 127, 1_000),
    ])
  func releaseFollowsItsPedal(opcode: String, controller: UInt8, value: UInt8, onset: Int) throws {
    // the key's own sample follows the same pedal, so it still sounds when the release comes
    // (opcodes/rt_dead.md: a release does not play once its sustain sample has expired)
    let rig = try SemanticsRig(
      """
      <region> sample=*silence key=60 \(opcode)
      <region> sample=*sine key=60 trigger=release amp_veltrack=0 volume=-12
        ampeg_decay=0.5 ampeg_sustain=0 \(opcode)
      """)
    let out = rig.render(
      4_800,
      [
        .controlChange(controller: controller, value: value),
        .noteOn(key: 60, velocity: 100, frame: 100), .noteOff(key: 60, frame: 1_000),
        .controlChange(controller: controller, value: 0, frame: 3_000),
      ])
    let found = Measure.onset(out, threshold: 1e-4) ?? -1
    #expect((onset...onset + 2).contains(found), "\(opcode), CC\(controller)=\(value): \(found)")
  }

  /// A key struck again while its release region still waits for the pedal plays that release
  /// first, at the new note-on (corpus/spec opcodes/trigger.md: the note has ended).
  @Test("a key struck again plays the release its pedal held back")
  func restruckKeyPlaysHeldRelease() throws {
    let rig = try SemanticsRig(releases)
    let out = rig.render(
      4_800,
      [
        .controlChange(controller: 64, value: 127), .noteOn(key: 60, velocity: 100, frame: 100),
        .noteOff(key: 60, frame: 1_000), .noteOn(key: 60, velocity: 100, frame: 2_000),
      ])
    #expect((2_000...2_002).contains(Measure.onset(out, threshold: 1e-4) ?? -1))
  }

  @Test("rt_decay lowers a release sample by dB per second of key hold")
  func releaseDecay() throws {
    let sfz = """
      <region> sample=*silence key=60
      <region> sample=*sine key=60 trigger=release rt_decay=20 amp_veltrack=0 volume=-12
      """
    func releaseLevel(heldFrames: Int) throws -> Double {
      let rig = try SemanticsRig(sfz)
      let out = rig.render(
        heldFrames + 2_400, [.noteOn(key: 60, velocity: 100), .noteOff(key: 60, frame: heldFrames)])
      return SemanticsRig.level(Array(out[heldFrames...]))
    }
    let short = try releaseLevel(heldFrames: 2_400)
    let long = try releaseLevel(heldFrames: 26_400)
    #expect(abs(short - long - 10) < 0.2, "0.05 s: \(short) dB, 0.55 s: \(long) dB")
  }

  /// rt_decay.md: "quieter for every second the key has been on" (syntax.yml: "per seconds after
  /// the corresponding attack region was triggered"), timed from the events' own frames, not
  /// from the starts of the blocks they fall in (the rig renders blocks of 128 frames). Let go
  /// 12,100 frames (0.252 s) after the note-on, which came 50 frames into its block, the release
  /// is 5.0417 dB down at 20 dB/s; counted from the blocks' starts it would be 5.0133 dB.
  @Test("rt_decay counts the hold from the note-on's frame to the note-off's, within a block")
  func releaseDecayToTheFrame() throws {
    func releaseLevel(_ decay: Int) throws -> Double {
      let rig = try SemanticsRig(
        """
        <region> sample=*silence key=60
        <region> sample=*sine key=60 trigger=release rt_decay=\(decay) amp_veltrack=0
        """)
      let out = rig.render(
        14_550, [.noteOn(key: 60, velocity: 100, frame: 50), .noteOff(key: 60, frame: 12_150)])
      return Measure.dB(
        Measure.toneAmplitude(
          out, frequency: SemanticsRig.middleC, sampleRate: SemanticsRig.rate,
          in: 12_630..<14_550))
    }
    let fall = try releaseLevel(0) - releaseLevel(20)
    #expect(abs(fall - 20 * 12_100 / SemanticsRig.rate) < 0.002, "\(fall) dB")
  }

  /// corpus/spec opcodes/rt_dead.md: "default is off, so by default, release samples do not play
  /// if their sustain samples have expired"; rt_dead=on plays them anyway. The key's sample is
  /// 0.05 s long (no loop): let go after 0.02 s its release sounds, after 0.2 s only with
  /// rt_dead=on. The release region plays at -12 dB below the sine's -3 dB (level in dBFS RMS).
  @Test(
    "a release sample plays only while its key's sample still sounds, unless rt_dead=on",
    arguments: [("", 960, true), ("", 9_600, false), ("rt_dead=on", 9_600, true)])
  func releaseOfAnExpiredNote(option: String, heldFrames: Int, sounds: Bool) throws {
    let fixtures = try DecodingFixtures()
    let attack = try fixtures.writeFloat(
      "attack.wav", values: [Float](repeating: 0.01, count: 2_400), channels: 1,
      format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT), sampleRate: 48_000)
    let rig = try SemanticsRig(
      """
      <region> sample=\(attack) key=60 amp_veltrack=0 loop_mode=no_loop
      <region> sample=*sine key=60 trigger=release amp_veltrack=0 volume=-12 \(option)
      """)
    let out = rig.render(
      heldFrames + 4_800,
      [.noteOn(key: 60, velocity: 100), .noteOff(key: 60, frame: heldFrames)])
    let level = SemanticsRig.level(Array(out[(heldFrames + 2_400)...]))
    if sounds {
      #expect(abs(level - (-15.05)) < 0.5, "\(level) dB")
    } else {
      #expect(Measure.peak(out[(heldFrames)...]) == 0, "\(level) dB")
    }
  }

  /// corpus/spec extensions/midi_ccs.md: "Note gate ... is 0 when no MIDI notes are pressed,
  /// and 1 when" any is, so a controller-triggered region conditioned on the gate (locc134)
  /// plays only while a key is down.
  @Test("a controller trigger sees the note gate: held keys open it", arguments: [true, false])
  func controllerTriggerGate(keyHeld: Bool) throws {
    let rig = try SemanticsRig(
      """
      <region> sample=*silence key=62
      <region> sample=*sine on_locc64=127 on_hicc64=127 locc134=127 hicc134=127 hikey=-1
        amp_veltrack=0 volume=-12 pitch_keycenter=67
      """)
    var events: [SamplerEvent] = [.controlChange(controller: 64, value: 127, frame: 1_000)]
    if keyHeld { events.insert(.noteOn(key: 62, velocity: 100), at: 0) }
    let out = rig.render(2_400, events)
    #expect((Measure.peak(out[...]) > 0.1) == keyHeld, "peak \(Measure.peak(out[...]))")
  }

  /// The three spellings: on_loccN, SFZ v2's start_loccN and ARIA's 0...1 on_lohdccN (corpus/spec
  /// opcodes/on_loccN.md, start_loccN.md, on_lohdccN.md, whose example is this one).
  @Test(
    "on_locc64=127 (or start_locc64, on_lohdcc64=1): the pedal going down plays the region; notes and repeats do not",
    arguments: [
      "on_locc64=127 on_hicc64=127", "start_locc64=127 start_hicc64=127",
      "on_lohdcc64=1 on_hihdcc64=1",
    ])
  func controllerTrigger(trigger: String) throws {
    let rig = try SemanticsRig(
      """
      <region> sample=*sine \(trigger) hikey=-1
        amp_veltrack=0 volume=-12
        pitch_keycenter=67 ampeg_release=0.01
      """)
    #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
    let notes = rig.render(
      2_400, [.noteOn(key: 0, velocity: 100), .noteOn(key: 67, velocity: 100)])
    #expect(Measure.peak(notes[...]) == 0)
    let out = rig.render(4_800, [.controlChange(controller: 64, value: 127, frame: 1_000)])
    #expect((1_000...1_002).contains(Measure.onset(out, threshold: 1e-4) ?? -1))
    #expect(SemanticsRig.tone(Array(out[1_000...]), key: 67, among: [0, 7]) == 0)
    #expect(rig.sampler.activeVoices == 1)
    _ = rig.render(1_200, [.controlChange(controller: 64, value: 127)])
    #expect(rig.sampler.activeVoices == 1)
    _ = rig.render(1_200, [.controlChange(controller: 64, value: 0)])
    _ = rig.render(1_200, [.controlChange(controller: 64, value: 127)])
    #expect(rig.sampler.activeVoices == 2)
  }
}
