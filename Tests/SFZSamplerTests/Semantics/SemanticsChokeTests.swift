import AudioTestSupport
import SFZSampler
import Testing

@Suite("Semantics: choke groups")
struct SemanticsChokeTests {
  /// An open hi-hat (key 46, a steady sine) choked by a silent closed hi-hat (key 42) at frame
  /// 4800; returns the milliseconds from the choke until the open hat is below -60 dB of its
  /// level, or nil if it never gets there within half a second.
  private func chokeMilliseconds(_ openOpcodes: String, closedGroup: Int = 1) throws -> Double? {
    let rig = try SemanticsRig(
      """
      <region> sample=*silence key=42 group=\(closedGroup)
      <region> sample=*sine key=46 group=2 off_by=1 amp_veltrack=0 volume=-6 \(openOpcodes)
      """)
    let chokeAt = 4_800
    let out = rig.render(
      chokeAt + 24_000,
      [.noteOn(key: 46, velocity: 100), .noteOn(key: 42, velocity: 100, frame: chokeAt)])
    let before = Double(Measure.peak(out[2_400..<chokeAt]))
    // at least one period of the tone (183.5 frames), so a window's peak is the tone's level
    let window = 192
    var start = chokeAt
    while start + window <= out.count {
      if Double(Measure.peak(out[start..<start + window])) < before * 0.001 {
        return Double(start - chokeAt) / 48
      }
      start += window / 4
    }
    return nil
  }

  @Test("off_mode=fast (the default) stops the open hi-hat within a few milliseconds")
  func fast() throws {
    let ms = try #require(try chokeMilliseconds(""))
    #expect(ms >= 3 && ms <= 7, "\(ms) ms")
  }

  @Test("off_mode=time fades over off_time")
  func timed() throws {
    let ms = try #require(try chokeMilliseconds("off_mode=time off_time=0.05"))
    #expect(ms >= 45 && ms <= 55, "\(ms) ms")
  }

  /// The release falls 69.5 dB per ampeg_release (corpus/spec opcodes/ampeg_attack.md), so
  /// -60 dB comes after 60 / 69.5 of 100 ms.
  @Test("off_mode=normal goes into the region's release: -60 dB after 86 ms")
  func normal() throws {
    let ms = try #require(try chokeMilliseconds("off_mode=normal ampeg_release=0.1"))
    #expect(ms >= 81 && ms <= 91, "\(ms) ms")
  }

  @Test("a new voice of another group leaves the open hi-hat sounding")
  func otherGroup() throws {
    #expect(try chokeMilliseconds("", closedGroup: 3) == nil)
  }

  @Test("a group that chokes itself keeps the layers of the new note")
  func selfChokeKeepsLayers() throws {
    let rig = try SemanticsRig(
      """
      <group> key=60 group=5 off_by=5 amp_veltrack=0 volume=-12
      <region> sample=*sine
      <region> sample=*sine tune=700
      """)
    _ = rig.render(2_400, [.noteOn(key: 60, velocity: 100)])
    #expect(rig.sampler.activeVoices == 2)
    _ = rig.render(2_400, [.noteOn(key: 60, velocity: 100)])
    #expect(rig.sampler.activeVoices == 2)
  }

  /// corpus/spec opcodes/off_by.md: "when a new region with a group number equal to off_by
  /// plays, this region will be turned off", the regions of one note-on included, in file order
  /// (ARIA; cello and bassoon legato patches stop their sustain layer this way). The earlier
  /// region must not sound at all: two equal sines in phase would be 6 dB louder than one.
  @Test("off_by stops the region that the same note-on started earlier in file order")
  func offBySameNoteOn() throws {
    let rig = try SemanticsRig(
      """
      <region> sample=*sine key=60 group=1 off_by=2 amp_veltrack=0 volume=-12
      <region> sample=*sine key=60 group=2 amp_veltrack=0 volume=-12
      """)
    let alone = try SemanticsRig("<region> sample=*sine key=60 amp_veltrack=0 volume=-12")
    let both = SemanticsRig.level(rig.render(4_800, [.noteOn(key: 60, velocity: 100)]))
    let one = SemanticsRig.level(alone.render(4_800, [.noteOn(key: 60, velocity: 100)]))
    #expect(abs(both - one) < 0.1, "\(both - one) dB against one region")
    #expect(rig.sampler.activeVoices == 1)
  }

  /// The legato form of the same rule: the second note's legato region (group 2) stops both the
  /// first note's sustain region and the one its own note-on started.
  @Test("a legato region stops the sustain regions of both notes; one voice sounds")
  func legatoStopsSustain() throws {
    let rig = try SemanticsRig(
      """
      <group> amp_veltrack=0 volume=-12
      <region> sample=*sine lokey=50 hikey=70 pitch_keycenter=60 group=1 off_by=2 trigger=attack
      <region> sample=*sine lokey=50 hikey=70 pitch_keycenter=60 group=2 off_by=2 trigger=legato
      """)
    _ = rig.render(4_800, [.noteOn(key: 60, velocity: 100)])
    let out = rig.render(9_600, [.noteOn(key: 62, velocity: 100)])
    #expect(rig.sampler.activeVoices == 1)
    #expect(SemanticsRig.tone(Array(out[4_800...]), key: 62, among: [0]) == 0)
  }
}
